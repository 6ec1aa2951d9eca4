/// <reference lib="dom" />
import type { APIRequestContext, Browser, Page, Request } from "@playwright/test";
import { axeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import type { AdminLeadsResponse } from "@codcrm/core/lead/lead-api";
import type { AdminSubscribersResponse } from "@codcrm/core/lead/subscriber-overview";
import { adminToken, hydrated, openDialog } from "./site-helpers.ts";

/**
 * The contact dialog, its trial-request variant, the /contacto form and the footer
 * newsletter, against the real local server (handlers, embedded store, local outbox).
 * Contact posts are limited per client, so every test is its own client address.
 */

const SUCCESS_ES = "¡Gracias por contactarnos! Te responderemos pronto.";
const ERROR_ES = "Hubo un error al enviar el formulario. Por favor, inténtalo de nuevo.";
const PRIVACY_ES =
  "Acepto la política de privacidad y el procesamiento de mis datos para recibir información comercial.";

async function visitor(browser: Browser, client: number): Promise<Page> {
  const context = await browser.newContext({
    extraHTTPHeaders: { "cloudfront-viewer-address": `10.60.0.${client}:1` },
  });
  return context.newPage();
}

/** A unique address per run, so the admin lists can be searched for it. */
function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

function contactPosts(page: Page): Request[] {
  const posts: Request[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/contact") posts.push(request);
  });
  return posts;
}

/**
 * Opens a page and starts the app, waiting until it has hydrated the page: before that, the
 * prerendered HTML's forms would be submitted by the browser itself.
 */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await hydrated(page);
}

/** Presses the opener until the dialog shows (the listener is attached just after hydration). */
async function openFromHeader(page: Page) {
  await open(page, "/es");
  return openDialog(
    page,
    () => page.getByRole("banner").getByRole("button", { name: "Contacto" }).click({ timeout: 2000 }),
    "Contacta con nosotros",
  );
}

/** The English contact dialog opened from the header, with a name, an address and "Hello" typed. */
async function englishMessageFilled(page: Page) {
  await open(page, "/en");
  const dialog = await openDialog(
    page,
    () => page.getByRole("banner").getByRole("button", { name: "Contact" }).click({ timeout: 2000 }),
    "Get in touch",
  );
  await dialog.getByLabel("Name").fill("Ann");
  await dialog.getByLabel("E-mail").fill("ann@example.com");
  await dialog.getByLabel("Message").fill("Hello");
  return dialog;
}

async function adminSection(
  request: APIRequestContext,
  token: string,
  section: "leads" | "spam" | "outbox",
): Promise<AdminLeadsResponse> {
  const response = await request.get(`/api/admin/leads?section=${section}&limit=200`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as AdminLeadsResponse;
}

test.describe("contact dialog", () => {
  test("opens from the header button and closes with X, focus back on the button", async ({ browser }) => {
    const page = await visitor(browser, 1);
    const dialog = await openFromHeader(page);
    await expect(dialog.getByLabel("Nombre")).toBeVisible();
    await expect(dialog.getByLabel("Empresa")).toHaveCount(0);
    await dialog.getByRole("button", { name: "Cerrar" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("banner").getByRole("button", { name: "Contacto" })).toBeFocused();
  });

  test("opens on the window event openContactForm and closes with Escape", async ({ browser }) => {
    const page = await visitor(browser, 2);
    await open(page, "/es/sobre-nosotros");
    const dialog = await openDialog(
      page,
      () => page.evaluate(() => window.dispatchEvent(new Event("openContactForm"))),
      "Contacta con nosotros",
    );
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });

  test("the browser's e-mail check blocks the submit and the field says why in the page's language", async ({
    browser,
  }) => {
    const page = await visitor(browser, 3);
    const posts = contactPosts(page);
    const dialog = await openFromHeader(page);
    await dialog.getByLabel("Nombre").fill("Ana");
    const email = dialog.getByLabel("Correo electrónico");
    await expect(email).toHaveAttribute("type", "email");
    await email.fill("ana-at-example");
    await dialog.getByLabel("Mensaje").fill("Hola");
    await expect(dialog.getByLabel("Mensaje")).toHaveAttribute("rows", "4");
    await dialog.getByRole("button", { name: "Enviar mensaje" }).click();

    const validity = await email.evaluate((input: HTMLInputElement) => ({
      valid: input.validity.valid,
      typeMismatch: input.validity.typeMismatch,
      message: input.validationMessage,
    }));
    expect(validity.valid).toBe(false);
    expect(validity.typeMismatch).toBe(true);
    expect(validity.message).not.toBe("");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription("Introduce un correo electrónico válido.");

    // Empty required fields are refused the same way.
    await dialog.getByLabel("Nombre").fill("");
    await dialog.getByRole("button", { name: "Enviar mensaje" }).click();
    await expect(dialog.getByLabel("Nombre")).toHaveAccessibleDescription("Este campo es obligatorio.");
    expect(await dialog.getByLabel("Nombre").evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(
      true,
    );
    expect(posts).toHaveLength(0);
  });

  test("shows the loading state while sending, then the success message and an empty form", async ({ browser }) => {
    const page = await visitor(browser, 4);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/contact", async (route) => {
      await released;
      await route.continue();
    });
    const dialog = await openFromHeader(page);
    const email = uniqueEmail("loading");
    await dialog.getByLabel("Nombre").fill("Ana García");
    await dialog.getByLabel("Correo electrónico").fill(email);
    await dialog.getByLabel("Mensaje").fill("Quiero saber más.\nGracias.");
    const sent = page.waitForRequest("**/api/contact");
    await dialog.getByRole("button", { name: "Enviar mensaje" }).click();

    const body = (await sent).postDataJSON() as Record<string, unknown>;
    expect(body).toEqual({
      kind: "contact",
      name: "Ana García",
      email,
      message: "Quiero saber más.\nGracias.",
      language: "es",
      source: { entryPage: "/es" },
    });
    const busy = dialog.getByRole("button", { name: "Enviando…" });
    await expect(busy).toBeDisabled();
    // A second press while sending sends nothing more.
    await busy.click({ force: true });

    const answered = page.waitForResponse("**/api/contact");
    release();
    expect((await answered).status()).toBe(201);
    await expect(dialog.getByRole("status")).toHaveText(SUCCESS_ES);
    await expect(dialog.getByRole("button", { name: "Enviar mensaje" })).toBeEnabled();
    await expect(dialog.getByLabel("Nombre")).toHaveValue("");
    await expect(dialog.getByLabel("Correo electrónico")).toHaveValue("");
    await expect(dialog.getByLabel("Mensaje")).toHaveValue("");
    await expect(dialog.getByRole("alert")).toHaveCount(0);
  });

  test("shows the error in a red alert box and logs it when the API is down or fails", async ({ browser }) => {
    const page = await visitor(browser, 5);
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await page.route("**/api/contact", (route) => route.abort());
    const dialog = await openFromHeader(page);
    await dialog.getByLabel("Nombre").fill("Ana");
    await dialog.getByLabel("Correo electrónico").fill("ana@example.com");
    await dialog.getByLabel("Mensaje").fill("Hola");
    await dialog.getByRole("button", { name: "Enviar mensaje" }).click();

    const alert = dialog.getByRole("alert");
    await expect(alert).toHaveText(ERROR_ES);
    expect(await alert.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
      "oklch(0.971 0.013 17.38)",
    );
    await expect.poll(() => errors.some((text) => text.includes("Contact form"))).toBe(true);
    // What the visitor typed stays, to try again.
    await expect(dialog.getByLabel("Nombre")).toHaveValue("Ana");

    // A server error reads the same to the visitor.
    await page.unroute("**/api/contact");
    await page.route("**/api/contact", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: '{"error":{"code":"x","message":"x"}}' }),
    );
    await dialog.getByRole("button", { name: "Enviar mensaje" }).click();
    await expect(alert).toHaveText(ERROR_ES);
    await expect(dialog.getByRole("status")).toHaveText("");
  });

  test("over the hourly limit, the visitor reads in their language how many minutes to wait", async ({
    browser,
    request,
  }) => {
    const client = "10.60.0.16:1";
    // The real limit of the real handler: this client posts (as spam, never mailed) until refused.
    for (let posts = 0; ; posts++) {
      const response = await request.post("/api/contact", {
        headers: { "cloudfront-viewer-address": client },
        data: { kind: "contact", language: "en", name: "Bot", email: "bot@example.com", message: "x", website: "x" },
      });
      if (response.status() === 429) break;
      expect(response.status()).toBe(201);
      expect(posts).toBeLessThan(10);
    }
    const page = await visitor(browser, 16);
    const dialog = await englishMessageFilled(page);
    const answered = page.waitForResponse("**/api/contact");
    await dialog.getByRole("button", { name: "Send message" }).click();
    const response = await answered;
    expect(response.status()).toBe(429);
    const minutes = Math.ceil(Number(response.headers()["retry-after"]) / 60);
    expect(minutes).toBeGreaterThan(0);
    await expect(dialog.getByRole("alert")).toHaveText(
      minutes === 1
        ? "You have sent too many messages in a short time. You can send another in 1 minute."
        : `You have sent too many messages in a short time. You can send another in ${minutes} minutes.`,
    );
    // What the visitor typed stays for then.
    await expect(dialog.getByLabel("Message")).toHaveValue("Hello");
  });

  test("the trial variant (request a demo) requires company, phone and the privacy checkbox", async ({ browser }) => {
    const page = await visitor(browser, 6);
    const posts = contactPosts(page);
    await open(page, "/es");
    const dialog = await openDialog(
      page,
      () => page.getByRole("button", { name: "Solicitar una demo" }).first().click({ timeout: 2000 }),
      "Solicita una demo",
    );

    const company = dialog.getByLabel("Empresa");
    const phone = dialog.getByLabel("Teléfono");
    const privacy = dialog.getByRole("checkbox", { name: PRIVACY_ES });
    await expect(company).toHaveAttribute("required", "");
    await expect(phone).toHaveAttribute("type", "tel");
    await expect(phone).toHaveAttribute("required", "");
    await expect(privacy).toHaveAttribute("required", "");
    await expect(privacy).not.toBeChecked();
    await expect(dialog.getByRole("link", { name: /política de privacidad/ })).toHaveAttribute(
      "href",
      "/es/privacidad",
    );

    const email = uniqueEmail("trial");
    await dialog.getByLabel("Nombre").fill("Luis");
    await dialog.getByLabel("Correo electrónico").fill(email);
    await dialog.getByLabel("Mensaje").fill("Vendemos 300 pedidos al día.");
    const submit = dialog.getByRole("button", { name: "Enviar solicitud" });
    await submit.click();
    await expect(company).toHaveAccessibleDescription("Este campo es obligatorio.");
    await expect(phone).toHaveAccessibleDescription("Este campo es obligatorio.");
    await expect(privacy).toHaveAccessibleDescription("Debes aceptar para continuar.");
    expect(await privacy.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);

    // The browser has no format for phone numbers; the shared schema does.
    await company.fill("Tienda Luis S.L.");
    await phone.fill("llámame");
    await privacy.check();
    await submit.click();
    await expect(phone).toHaveAccessibleDescription("Introduce un número de teléfono válido (entre 6 y 20 dígitos).");
    await expect(phone).toBeFocused();
    expect(posts).toHaveLength(0);

    await phone.fill("+34 600 123 456");
    const answered = page.waitForResponse("**/api/contact");
    await submit.click();
    expect((await answered).status()).toBe(201);
    expect(posts[0]!.postDataJSON()).toEqual({
      kind: "trial",
      name: "Luis",
      email,
      message: "Vendemos 300 pedidos al día.",
      company: "Tienda Luis S.L.",
      phone: "+34 600 123 456",
      privacyAccepted: true,
      language: "es",
      // What brought the visitor: the visit began on /es, from no other site
      // (docs/decisions/0403-lead-attribution-for-the-tab.md).
      source: { entryPage: "/es" },
    });
    await expect(dialog.getByRole("status")).toHaveText(SUCCESS_ES);
    await expect(privacy).not.toBeChecked();
    await expect(company).toHaveValue("");
  });

  test("a pricing button opens the trial variant with the chosen plan in the message", async ({ browser }) => {
    const page = await visitor(browser, 7);
    await open(page, "/es/precios");
    const dialog = await openDialog(
      page,
      () => page.getByRole("button", { name: "Empezar ahora — Estándar" }).click({ timeout: 2000 }),
      "Empieza tu prueba gratis",
    );
    await expect(dialog.getByLabel("Mensaje")).toHaveValue("Me interesa el plan Estándar.");
    await expect(dialog.getByLabel("Teléfono")).toBeVisible();
  });

  test("shows the API's field errors under the fields, in the page's language", async ({ browser }) => {
    const page = await visitor(browser, 8);
    await page.route("**/api/contact", (route) =>
      route.fulfill({
        status: 400,
        contentType: "application/json",
        body: JSON.stringify({
          error: {
            code: "validation_failed",
            message: "x",
            fields: [{ field: "email", code: "invalid_email", message: "email must be an e-mail address" }],
          },
        }),
      }),
    );
    const dialog = await englishMessageFilled(page);
    const sent = page.waitForRequest("**/api/contact");
    await dialog.getByRole("button", { name: "Send message" }).click();
    expect((await sent).postDataJSON()).toMatchObject({ language: "en" });
    await expect(dialog.getByLabel("E-mail")).toHaveAccessibleDescription("Enter a valid e-mail address.");
    await expect(dialog.getByRole("alert")).toHaveText("There was an error sending the form. Please try again.");
  });
});

test.describe("delivery", () => {
  test("a request with the honeypot filled is answered like any other but kept as spam and never mailed; a normal one is mailed", async ({
    browser,
    request,
  }) => {
    const page = await visitor(browser, 9);
    const dialog = await openFromHeader(page);
    const honeypot = dialog.locator('input[name="website"]');
    await expect(honeypot).toHaveAttribute("tabindex", "-1");
    await expect(honeypot).toHaveAttribute("autocomplete", "off");
    await expect(dialog.getByRole("textbox")).toHaveCount(3);

    const spamEmail = uniqueEmail("bot");
    await dialog.getByLabel("Nombre").fill("Bot");
    await dialog.getByLabel("Correo electrónico").fill(spamEmail);
    await dialog.getByLabel("Mensaje").fill("Cheap links");
    await honeypot.fill("https://spam.example");
    let answered = page.waitForResponse("**/api/contact");
    await dialog.getByRole("button", { name: "Enviar mensaje" }).click();
    expect((await answered).status()).toBe(201);
    await expect(dialog.getByRole("status")).toHaveText(SUCCESS_ES);
    await expect(honeypot).toHaveValue("");

    const realEmail = uniqueEmail("person");
    await dialog.getByLabel("Nombre").fill("Persona");
    await dialog.getByLabel("Correo electrónico").fill(realEmail);
    await dialog.getByLabel("Mensaje").fill("Quiero una demo");
    answered = page.waitForResponse("**/api/contact");
    await dialog.getByRole("button", { name: "Enviar mensaje" }).click();
    expect((await answered).status()).toBe(201);

    const token = adminToken();
    const spam = (await adminSection(request, token, "spam")).spam!.items;
    const spamLead = spam.find((lead) => lead.email === spamEmail);
    expect(spamLead?.delivery.state).toBe("spam");
    const leads = (await adminSection(request, token, "leads")).leads!.items;
    expect(leads.some((lead) => lead.email === spamEmail)).toBe(false);
    const realLead = leads.find((lead) => lead.email === realEmail);
    expect(realLead).toMatchObject({ kind: "contact", name: "Persona", message: "Quiero una demo", language: "es" });

    const outbox = (await adminSection(request, token, "outbox")).outbox!.items;
    expect(outbox.some((mail) => mail.leadId === spamLead!.id || mail.text.includes(spamEmail))).toBe(false);
    const mail = outbox.find((message) => message.leadId === realLead!.id);
    expect(mail?.text).toContain("Quiero una demo");
  });

  test("the /contacto page sends a trial request with its language", async ({ browser, request }) => {
    const page = await visitor(browser, 10);
    await open(page, "/pt/contacto");
    const form = page.getByRole("region", { name: "Peça o seu teste ou uma demonstração" });
    const email = uniqueEmail("pagina");
    await form.getByLabel("Nome").fill("João Silva");
    await form.getByLabel("E-mail").fill(email);
    await form.getByLabel("Empresa").fill("Loja do João");
    await form.getByLabel("Telefone").fill("+351 912 345 678");
    await form.getByLabel("Mensagem").fill("Olá");
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: "Enviar pedido" }).click();
    await expect(form.getByRole("status")).toHaveText("Obrigado pelo seu contacto! Responderemos em breve.");
    await expect(page.getByRole("region", { name: "Outras formas de contacto" })).toBeVisible();

    const token = adminToken();
    const lead = (await adminSection(request, token, "leads")).leads!.items.find((item) => item.email === email);
    expect(lead).toMatchObject({ kind: "trial", company: "Loja do João", phone: "+351 912 345 678", language: "pt" });
  });
});

test.describe("newsletter", () => {
  test("the footer field subscribes and thanks; a failure says so", async ({ browser, request }) => {
    const page = await visitor(browser, 11);
    await open(page, "/es");
    const footer = page.getByRole("contentinfo");
    const email = uniqueEmail("news");
    await footer.getByLabel("Tu correo electrónico").fill(email);
    const answered = page.waitForResponse("**/api/newsletter");
    await footer.getByRole("button", { name: "Suscribirme" }).click();
    const response = await answered;
    expect(response.status()).toBe(200);
    expect(response.request().postDataJSON()).toEqual({
      email,
      language: "es",
      page: "/es",
      consentVersion: "2026-11-26",
      source: { entryPage: "/es" },
    });
    await expect(footer.getByRole("status")).toHaveText("Revisa tu correo para confirmar la suscripción.");
    await expect(footer.getByLabel("Tu correo electrónico")).toHaveValue("");

    const token = adminToken();
    const listed = await request.get("/api/admin/subscribers", { headers: { authorization: `Bearer ${token}` } });
    expect(listed.status()).toBe(200);
    const { subscribers } = (await listed.json()) as AdminSubscribersResponse;
    expect(subscribers.some((subscriber) => subscriber.email === email)).toBe(true);

    await page.route("**/api/newsletter", (route) => route.abort());
    await footer.getByLabel("Tu correo electrónico").fill(uniqueEmail("news-down"));
    await footer.getByRole("button", { name: "Suscribirme" }).click();
    await expect(footer.getByRole("alert")).toHaveText(
      "No hemos podido completar tu suscripción. Por favor, inténtalo de nuevo.",
    );
    await expect(footer.getByRole("status")).toHaveText("");
  });

  test("an invalid address is stopped by the browser", async ({ browser }) => {
    const page = await visitor(browser, 12);
    let posted = false;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/newsletter")) posted = true;
    });
    await open(page, "/es");
    const input = page.getByRole("contentinfo").getByLabel("Tu correo electrónico");
    await input.fill("no-es-correo");
    await page.getByRole("contentinfo").getByRole("button", { name: "Suscribirme" }).click();
    expect(await input.evaluate((element: HTMLInputElement) => element.validity.typeMismatch)).toBe(true);
    await expect(input).toHaveAccessibleDescription("Introduce un correo electrónico válido.");
    expect(posted).toBe(false);
  });
});

test.describe("accessibility", () => {
  /**
   * `within` limits the scan to what a dialog adds: the pages beneath (/es, /es/precios) have full
   * scans of their own at this width (accessibility.spec.ts, marketing-pages.spec.ts), and a
   * full-page scan took 30 s of a busy host's time per dialog (docs/testing.md).
   */
  const violations = (page: Page, within?: string) => axeViolations(page, { include: within });

  test("no axe violation with the contact dialog open", async ({ browser }) => {
    // Page load, hydration and a scan: generous on a busy two-core host.
    test.slow();
    const page = await visitor(browser, 13);
    const dialog = await openFromHeader(page);
    await dialog.getByRole("button", { name: "Enviar mensaje" }).click();
    await expect(dialog.getByLabel("Nombre")).toHaveAttribute("aria-invalid", "true");
    expect(await violations(page, "dialog")).toEqual([]);
  });

  test("no axe violation with the trial variant open", async ({ browser }) => {
    const page = await visitor(browser, 14);
    await open(page, "/es/precios");
    await openDialog(
      page,
      () => page.getByRole("button", { name: "Empezar ahora — Básico" }).click({ timeout: 2000 }),
      "Empieza tu prueba gratis",
    );
    expect(await violations(page, "dialog")).toEqual([]);
  });

  test("no axe violation on /contacto", async ({ browser }) => {
    // An axe scan of the whole contact page runs past a minute on a busy 2-core host.
    test.slow();
    const page = await visitor(browser, 15);
    await open(page, "/es/contacto");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("checkbox", { name: PRIVACY_ES })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });
});
