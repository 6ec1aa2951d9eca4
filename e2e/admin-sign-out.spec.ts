/// <reference lib="dom" />
// Callbacks given to page.evaluate run in the browser.
import { expect, test } from "./fixtures.ts";
import { E2E_ADMIN_PASSWORD } from "../playwright.config.ts";
import { newClientContext } from "./site-helpers.ts";

/**
 * Signing in leaves the device cookie in Chromium (Secure is accepted on http://localhost),
 * and "Cerrar sesión" revokes the token on the server: a copy of it stops working at once.
 */
test("sign-in sets the device cookie; sign-out revokes the token on the server", async ({ browser }) => {
  const context = await newClientContext(browser);
  const page = await context.newPage();
  await page.goto("/admin/login");
  await page.getByLabel("Contraseña").fill(E2E_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Acceder" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);

  const device = (await context.cookies()).find((cookie) => cookie.name === "codcrm_device");
  expect(device).toMatchObject({ httpOnly: true, secure: true, sameSite: "Strict", path: "/api/auth" });
  // Not readable by the page's scripts.
  expect(await page.evaluate(() => document.cookie)).not.toContain("codcrm_device");

  const token = await page.evaluate(() => localStorage.getItem("admin_token"));
  expect(token).toBeTruthy();
  const copy = () => page.request.get("/api/admin/articles", { headers: { authorization: `Bearer ${token}` } });
  expect((await copy()).status()).toBe(200);

  await page.getByRole("button", { name: "Cerrar sesión" }).click();
  await expect(page).toHaveURL(/\/admin\/login/);
  await expect.poll(async () => (await copy()).status()).toBe(401);
  await context.close();
});
