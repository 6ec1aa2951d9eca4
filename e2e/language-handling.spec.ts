/// <reference lib="dom" />
import { expect, test } from "@playwright/test";
import { CRM_SIGN_IN_URL, collectErrors, hydrated } from "./site-helpers.ts";

test.describe("language handling", () => {
  test("/ and unprefixed paths go to /es, replacing the history entry", async ({ page }) => {
    await page.goto("/es/servicios");
    await page.goto("/blog");
    await expect(page).toHaveURL(/\/es\/blog$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await page.goBack();
    // /blog is not in the history: back leads to the page before it.
    await expect(page).toHaveURL(/\/es\/servicios$/);

    await page.goto("/");
    await expect(page).toHaveURL(/\/es$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("the stored language wins for unprefixed paths; the prefix wins over it and is stored", async ({ page }) => {
    await page.goto("/es");
    await hydrated(page);
    // The page stores its own prefix first; only then does the test put its choice in place.
    await expect.poll(() => page.evaluate(() => localStorage.getItem("language"))).toBe("es");
    await page.evaluate(() => localStorage.setItem("language", "pt"));
    await page.goto("/");
    await expect(page).toHaveURL(/\/pt$/);
    await page.goto("/precios?plan=basic#top");
    await expect(page).toHaveURL(/\/pt\/precios\?plan=basic#top$/);

    await page.goto("/en/sobre-nosotros");
    await hydrated(page);
    await expect.poll(() => page.evaluate(() => localStorage.getItem("language"))).toBe("en");
    await page.goto("/blog");
    await expect(page).toHaveURL(/\/en\/blog$/);
  });

  test("the selector keeps the path and swaps the prefix", async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto("/es/servicios/almacen");
    await hydrated(page);
    await page.getByRole("navigation", { name: "Idioma" }).getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(/\/en\/servicios\/almacen$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("link", { name: "About us" }).first()).toBeVisible();
    await page.getByRole("navigation", { name: "Language" }).getByRole("link", { name: "Português" }).click();
    await expect(page).toHaveURL(/\/pt\/servicios\/almacen$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Stock multiarmazém, sem folhas de cálculo");
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("pt");
    expect(errors).toEqual([]);
  });

  test("admin paths get no prefix and never change the stored language", async ({ page }) => {
    await page.goto("/es");
    await hydrated(page);
    // The page stores its own prefix first; only then does the test put its choice in place.
    await expect.poll(() => page.evaluate(() => localStorage.getItem("language"))).toBe("es");
    await page.evaluate(() => localStorage.setItem("language", "pt"));
    for (const path of ["/admin", "/admin/blog", "/admin/login"]) {
      await page.goto(path);
      await hydrated(page);
      await page.waitForTimeout(200);
      // Signed out, the guard may send the visitor on to /admin/login: still no language prefix.
      await expect(page).toHaveURL(/^https?:\/\/[^/]+\/admin(\/|\?|$)/);
      await expect(page.locator("html")).toHaveAttribute("lang", "es");
    }
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("pt");
  });

  test("aliases lead to their page, replacing history; CRM paths go to its sign-in page", async ({ page }) => {
    await page.goto("/legal/rgpd");
    await expect(page).toHaveURL(/\/es\/privacidad$/);
    await page.goto("/en/empresa/sobre-nosotros");
    await expect(page).toHaveURL(/\/en\/sobre-nosotros$/);
    // English is now the visitor's language.
    await page.goto("/soporte/contacto");
    await expect(page).toHaveURL(/\/en\/contacto$/);

    await page.route("https://app.codcrm.com/**", (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<title>CRM</title>" }),
    );
    await page.goto("/auth/login");
    await expect(page).toHaveURL(CRM_SIGN_IN_URL);
    await page.goto("/es/dashboard/pedidos");
    await expect(page).toHaveURL(CRM_SIGN_IN_URL);
  });

  test("anything else is a real 404 page in the visitor's language", async ({ page }) => {
    const errors = collectErrors(page);
    const response = await page.goto("/en/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("We couldn't find this page");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await hydrated(page);
    // Visiting an /en page makes English the stored choice (an effect, just after hydration).
    await expect.poll(() => page.evaluate(() => localStorage.getItem("language"))).toBe("en");

    const unprefixed = await page.goto("/no-such-page");
    expect(unprefixed?.status()).toBe(404);
    // The visitor chose English on the page before.
    await expect(page).toHaveURL(/\/en\/no-such-page$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("We couldn't find this page");
    expect(errors).toEqual([]);
  });
});
