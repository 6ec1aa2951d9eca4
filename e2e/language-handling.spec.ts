/// <reference lib="dom" />
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { CRM_SIGN_IN_URL, collectErrors, hydrated } from "./site-helpers.ts";

/**
 * The stored language as the app keeps it once the visitor chose one (docs/decisions/0404-language-kept-only-when-chosen.md):
 * localStorage, mirrored in the cookie the servers read.
 */
async function chooseLanguage(page: Page, language: string): Promise<void> {
  await page.evaluate((value) => {
    localStorage.setItem("language", value);
    document.cookie = `language=${value}; Path=/; SameSite=Lax`;
  }, language);
}

/** The language cookie the page's origin holds (what the next request to the server sends). */
async function languageCookie(page: Page): Promise<string | undefined> {
  return (await page.context().cookies()).find((cookie) => cookie.name === "language")?.value;
}

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

  test("a chosen language wins for unprefixed paths; the prefix wins over it and becomes it", async ({ page }) => {
    await page.goto("/es");
    await hydrated(page);
    // Visiting stores nothing (docs/decisions/0404-language-kept-only-when-chosen.md).
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBeNull();
    expect(await languageCookie(page)).toBeUndefined();
    await chooseLanguage(page, "pt");
    await page.goto("/");
    await expect(page).toHaveURL(/\/pt$/);
    await page.goto("/precios?plan=basic#top");
    await expect(page).toHaveURL(/\/pt\/precios\?plan=basic#top$/);

    await page.goto("/en/sobre-nosotros");
    await hydrated(page);
    await expect.poll(() => page.evaluate(() => localStorage.getItem("language"))).toBe("en");
    // Mirrored in the cookie for a year, for the server's redirects.
    await expect.poll(() => languageCookie(page)).toBe("en");
    const cookie = (await page.context().cookies()).find((c) => c.name === "language");
    expect(cookie).toMatchObject({ value: "en", path: "/", sameSite: "Lax" });
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);
    await page.goto("/blog");
    await expect(page).toHaveURL(/\/en\/blog$/);
  });

  test("the selector keeps the path, swaps the prefix and remembers the choice", async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto("/es/servicios/almacen");
    await hydrated(page);
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBeNull();
    await page.getByRole("navigation", { name: "Idioma" }).getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(/\/en\/servicios\/almacen$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("link", { name: "About us" }).first()).toBeVisible();
    await page.getByRole("navigation", { name: "Language" }).getByRole("link", { name: "Português" }).click();
    await expect(page).toHaveURL(/\/pt\/servicios\/almacen$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Stock multiarmazém, sem folhas de cálculo");
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("pt");
    await expect.poll(() => languageCookie(page)).toBe("pt");
    expect(errors).toEqual([]);
  });

  test("admin paths get no prefix and never change the stored language", async ({ page }) => {
    await page.goto("/es");
    await hydrated(page);
    await chooseLanguage(page, "pt");
    for (const path of ["/admin", "/admin/blog", "/admin/login"]) {
      await page.goto(path);
      await hydrated(page);
      await page.waitForTimeout(200);
      // Signed out, the guard may send the visitor on to /admin/login: still no language prefix.
      await expect(page).toHaveURL(/^https?:\/\/[^/]+\/admin(\/|\?|$)/);
      await expect(page.locator("html")).toHaveAttribute("lang", "es");
    }
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("pt");
    expect(await languageCookie(page)).toBe("pt");
  });

  test("aliases are HTTP redirects to their page, in its own language; CRM paths go to its sign-in page", async ({
    page,
  }) => {
    const first = await page.goto("/legal/rgpd");
    expect(first?.request().redirectedFrom()?.response()).toBeTruthy();
    // A page that moved for good, under the visitor's language (docs/decisions/0204-aliases-move-for-good.md).
    expect((await first!.request().redirectedFrom()!.response())!.status()).toBe(301);
    await expect(page).toHaveURL(/\/es\/privacidad$/);
    for (const [alias, target, language] of [
      ["/en/legal/rgpd", /\/en\/privacidad$/, "en"],
      ["/pt/empresa/sobre-nosotros", /\/pt\/sobre-nosotros$/, "pt"],
      ["/en/soporte/contacto", /\/en\/contacto$/, "en"],
    ] as const) {
      const landed = await page.goto(alias);
      expect((await landed!.request().redirectedFrom()!.response())!.status(), alias).toBe(301);
      await expect(page).toHaveURL(target);
      // The landing page's own document, in its own language: no app shell in between.
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      await hydrated(page);
      await expect(page.locator("html")).toHaveAttribute("lang", language);
    }
    // Nobody chose a language: a path without a prefix goes under Spanish.
    expect(await languageCookie(page)).toBeUndefined();
    await page.goto("/soporte/contacto");
    await expect(page).toHaveURL(/\/es\/contacto$/);

    // The server sends CRM paths on (a browser would follow to the CRM; the test reads the answer).
    for (const path of ["/auth/login", "/es/dashboard/pedidos"]) {
      const answer = await page.request.get(path, { maxRedirects: 0 });
      expect([answer.status(), answer.headers()["location"]], path).toEqual([302, CRM_SIGN_IN_URL]);
    }
  });

  test("anything else is a real 404 page in the visitor's language", async ({ page }) => {
    const errors = collectErrors(page);
    const response = await page.goto("/en/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("We couldn't find this page");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await hydrated(page);
    await chooseLanguage(page, "en");

    const unprefixed = await page.goto("/no-such-page");
    expect(unprefixed?.status()).toBe(404);
    // The visitor chose English before.
    await expect(page).toHaveURL(/\/en\/no-such-page$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("We couldn't find this page");
    expect(errors).toEqual([]);
  });

  test("a link to an alias inside the app lands on the page with its language on <html>", async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto("/es/servicios");
    await hydrated(page);
    await page.evaluate(() =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
      ).__reactRouterDataRouter.navigate("/en/legal/rgpd"),
    );
    await expect(page).toHaveURL(/\/en\/privacidad$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy policy");
    expect(errors).toEqual([]);
  });
});
