/// <reference lib="dom" />
// Callbacks given to page.evaluate run in the browser.
import type { Page } from "@playwright/test";
import { CSRF_HEADER, CSRF_HEADER_VALUE } from "@codcrm/core/auth/csrf";
import { expect, test } from "./fixtures.ts";
import { adminToken, mailedSignInCode, newClientContext } from "./site-helpers.ts";
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from "../playwright.config.ts";

/**
 * Staff accounts in the browser (docs/decisions/0420-staff-roles-and-permissions.md, 0421, 0422,
 * 0425): what needs a real browser only: a passkey made and used with Chromium's virtual
 * authenticator, the code a new browser is mailed, what scripts of the page can read, a form of
 * another site, and the admin in the language its person chose.
 */
const RUN = Date.now().toString(36);

/** What the page's scripts can read: storage keys (the public language choice aside) and document.cookie. */
function readable(page: Page) {
  return page.evaluate(() => ({
    local: Object.keys(localStorage).filter((key) => key !== "language"),
    session: Object.keys(sessionStorage),
    cookie: document.cookie,
  }));
}

/** The link of the invitation mailed to `email`, from the local outbox. */
async function invitationLink(page: Page, email: string): Promise<string> {
  const list = await (await page.request.get("/_outbox")).text();
  const row = list.split("<tr").find((part) => part.includes(email))!;
  const mail = await (await page.request.get(/href="([^"]+)"/.exec(row)![1]!)).text();
  return `#${/\/admin\/invitacion#([\w-]{43})/.exec(mail)![1]!}`;
}

test("an invited person in English: a passkey made in the settings signs them in; no token is readable", async ({
  browser,
}) => {
  const email = `ana-${RUN}@codcrm.test`;
  const invited = await (
    await browser.newContext()
  ).request.post("/api/admin/staff/invitations", {
    headers: { authorization: `Bearer ${adminToken()}` },
    data: { email, name: "Ana", role: "editor" },
  });
  expect(invited.status()).toBe(201);

  const context = await newClientContext(browser);
  const page = await context.newPage();
  await page.goto(`/admin/invitacion${await invitationLink(page, email)}`);
  await page.getByLabel("Contraseña nueva (al menos 10 caracteres)").fill("ana-long-password");
  await page.getByLabel("Idioma del panel").selectOption("en");
  await page.getByRole("button", { name: "Aceptar la invitación" }).click();
  // The admin speaks her language, and says so to the browser.
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(page.getByRole("navigation").getByRole("link", { name: "Articles" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  expect(await readable(page)).toEqual({ local: [], session: [], cookie: "" });
  const cookie = (await context.cookies()).find((item) => item.name === "codcrm_session");
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/api" });

  // A passkey, made by Chromium's virtual authenticator.
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  await page.getByRole("link", { name: "Settings" }).click();
  await page.getByLabel("Passkey name (for example, “Laptop”)").fill("Portátil");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByText("Passkey added.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Passkeys" }).getByText(/Portátil/)).toBeVisible();
  expect((await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials).toHaveLength(1);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await page.getByRole("button", { name: "Entrar con una llave de acceso" }).click();
  // Back where she signed out.
  await expect(page).toHaveURL(/\/admin\/ajustes$/);
  await expect(page.getByText("Welcome, Ana")).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await context.close();
});

test("a new browser is asked for the mailed code; a form of another site cannot post as the person", async ({
  browser,
}, testInfo) => {
  const context = await newClientContext(browser);
  const page = await context.newPage();
  await page.goto("/admin/login");
  await page.getByLabel("Correo electrónico").fill(E2E_ADMIN_EMAIL);
  await page.getByLabel("Contraseña").fill(E2E_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Acceder" }).click();
  await expect(page.getByText(/Te hemos enviado un código de 6 dígitos a l\*\*\*@codcrm\.test/)).toBeVisible();
  await page.getByLabel("Código").fill(await mailedSignInCode(page));
  await page.getByRole("button", { name: "Comprobar el código" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);

  // A page of another site posts a form to the API in this browser (a text/plain body that
  // reads as JSON, the classic way around "only JSON is read").
  const title = `Desde otro sitio ${RUN}`;
  const base = new URL(testInfo.project.use.baseURL!);
  const other = await context.newPage();
  await other.route("https://attacker.example/", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<form method="POST" action="${base.origin}/api/admin/articles" enctype="text/plain">
        <input name='{"title":"${title}","content":"x","ignore":"' value='"}'></form>
        <script>document.forms[0].submit()</script>`,
    }),
  );
  await other.goto("https://attacker.example/");
  await other.waitForURL(/\/api\/admin\/articles$/);
  await expect(other.locator("body")).toContainText('"code":"cross_site"');
  const listed = await page.request.get(`/api/admin/articles?q=${encodeURIComponent(title)}`);
  expect(((await listed.json()) as { articles: unknown[] }).articles).toHaveLength(0);
  // The page's own requests, with the CSRF header, still work.
  expect(
    (await page.request.get("/api/admin/me/sessions", { headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE } })).ok(),
  ).toBe(true);
  await context.close();
});

test("the staff page lists the team and its activity", async ({ adminPage: page }) => {
  await page.getByRole("link", { name: "Usuarios" }).click();
  await expect(page.getByRole("heading", { name: "Usuarios", level: 1 })).toBeVisible();
  await expect(page.getByRole("list", { name: "Equipo" }).getByText(E2E_ADMIN_EMAIL)).toBeVisible();
  await expect(page.getByRole("list", { name: "Actividad" }).getByText("Laura").first()).toBeVisible();
});
