/// <reference lib="dom" />
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { CRM_SIGN_IN_URL, collectErrors, hydrated, readLocale } from "./site-helpers.ts";

const HEADINGS = {
  es: "Confirma, envía y cobra tus pedidos contra reembolso sin perder el control",
  en: "Confirm, ship and collect your cash-on-delivery orders without losing control",
  pt: "Confirme, envie e receba as suas encomendas à cobrança sem perder o controlo",
};

/** The built-in categories' names in one language (the store keeps the Spanish ones). */
function categoryNames(language: string): string[] {
  const { blog } = readLocale(language) as { blog: { categories: Record<string, { name: string }> } };
  return Object.values(blog.categories).map((category) => category.name);
}

for (const [language, heading] of Object.entries(HEADINGS)) {
  test(`the ${language} landing page renders, hydrates without errors and shows the latest articles`, async ({
    page,
  }) => {
    const errors = collectErrors(page);
    const response = await page.goto(`/${language}`);
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await hydrated(page);
    // Three published articles from the API, linked under the page's language.
    const articles = page.locator("#blog ul li");
    await expect(articles).toHaveCount(3);
    await expect(articles.first().getByRole("link")).toHaveAttribute("href", new RegExp(`^/${language}/blog/[\\w-]+$`));
    // Their categories are named in the page's language, as on the blog.
    const names = categoryNames(language);
    const spanishOnly = categoryNames("es").filter((name) => !names.includes(name));
    const categories = (
      await articles.evaluateAll((cards) => cards.map((card) => card.querySelector("p")?.textContent ?? ""))
    ).flatMap((line) => line.split(" · "));
    expect(categories.filter((name) => spanishOnly.includes(name))).toEqual([]);
    // Pricing per language: Reading A in es/pt, Reading B in en.
    await expect(page.locator("#precios")).toContainText(language === "en" ? "€50" : "199 €");
    await expect(page.locator("#comparativa")).toContainText(language === "en" ? "€13,000" : "13");
    expect(errors).toEqual([]);
  });
}

/** Sums the page's layout shifts that no input caused (its CLS) into `window.__cls`. */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    (window as unknown as { __cls: number }).__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) (window as unknown as { __cls: number }).__cls += entry.value;
      }
    }).observe({ type: "layout-shift" as "mark", buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { __cls: number }).__cls);
}

test("the latest articles arrive without moving the page (CLS)", async ({ page }) => {
  const layoutShifts = await recordLayoutShifts(page);
  // Slow the API down so the placeholder is on screen first.
  await page.route("**/api/articles?*", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
  await page.goto("/es");
  await expect(page.locator("#blog [aria-busy=true]")).toBeVisible();
  // The app starts on the first interaction (docs/decisions/0177-app-starts-on-first-interaction.md):
  // a pointer moving, which unlike a key or a press does not excuse the shifts that follow it.
  await page.mouse.move(10, 10);
  await expect(page.locator("#blog ul li a")).toHaveCount(3);
  await page.waitForTimeout(300);
  expect(await layoutShifts()).toBeLessThanOrEqual(0.01);
});

test("the sections below the first screen are rendered as they come near, without moving what is on screen", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const layoutShifts = await recordLayoutShifts(page);
  await page.goto("/es");
  await hydrated(page);
  const rendered = (selector: string) =>
    page.locator(selector).evaluate((element) => element.checkVisibility({ contentVisibilityAuto: true }));
  // The first paint lays out the first screen only: the pricing section waits.
  expect(await rendered("#precios-heading")).toBe(false);
  const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let scrolled = 0; scrolled < pageHeight; scrolled += 400) {
    await page.mouse.wheel(0, 400);
    await page.waitForTimeout(60);
  }
  expect(await layoutShifts()).toBeLessThanOrEqual(0.01);
  await page.locator("#precios").scrollIntoViewIfNeeded();
  await expect.poll(() => rendered("#precios-heading")).toBe(true);
});

test("a link to a part of the landing opens the landing at that part, loaded or followed", async ({ page }) => {
  const errors = collectErrors(page);
  // An in-app navigation, as a link of the app makes.
  const navigateInApp = (to: string) =>
    page.evaluate(
      (path) =>
        (
          window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
        ).__reactRouterDataRouter.navigate(path),
      to,
    );
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/es#precios");
  await hydrated(page);
  await page.waitForTimeout(300);
  await expect(page.locator("#precios-heading")).toBeInViewport();

  await page.goto("/es/privacidad");
  await hydrated(page);
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
  await navigateInApp("/es#opiniones");
  await expect(page).toHaveURL(/\/es#opiniones$/);
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  await expect(page.locator("#opiniones-heading")).toBeInViewport();

  // A fragment that is no valid escape names no element: the page opens at its top.
  await navigateInApp("/es/servicios#%zz");
  await expect(page).toHaveURL(/\/es\/servicios#%zz$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  expect(errors).toEqual([]);
});

test("the sign-in link opens the CRM app in a new tab, safely", async ({ page }) => {
  await page.goto("/es");
  const link = page.getByRole("link", { name: /Acceder a la aplicación/ });
  await expect(link).toHaveAttribute("href", CRM_SIGN_IN_URL);
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer");
});

test("nothing comes from the video host before the visitor presses play", async ({ page }) => {
  const videoRequests: string[] = [];
  page.on("request", (request) => {
    if (/youtube|ytimg|googlevideo/.test(new URL(request.url()).hostname)) videoRequests.push(request.url());
  });
  await page.route(/youtube-nocookie\.com/, (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<html><body>player</body></html>" }),
  );
  await page.goto("/en");
  await hydrated(page);
  await page.locator("#demo").scrollIntoViewIfNeeded();
  await page.waitForTimeout(500);
  expect(videoRequests).toEqual([]);
  await expect(page.locator("#demo iframe")).toHaveCount(0);

  await page.getByRole("button", { name: "Play the demo video" }).click();
  const frame = page.locator("#demo iframe");
  await expect(frame).toHaveAttribute("src", /^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]+\?autoplay=1/);
  await expect(frame).toHaveAttribute("title", "CodCRM demo video");
  await expect.poll(() => videoRequests.length).toBeGreaterThan(0);
  expect(videoRequests.every((url) => url.startsWith("https://www.youtube-nocookie.com/"))).toBe(true);
});

test("the demo and pricing buttons open the contact dialog", async ({ page }) => {
  await page.goto("/es");
  await hydrated(page);
  await page.getByRole("button", { name: "Solicitar una demo" }).first().click();
  await expect(page.getByRole("dialog", { name: "Solicita una demo" })).toBeVisible();
  await page.keyboard.press("Escape");
  await page
    .locator("#precios")
    .getByRole("button", { name: /Contactar/ })
    .click();
  await expect(page.getByRole("dialog", { name: "Contacta con nosotros" })).toBeVisible();
});

test("links in the parts of a page that are not hydrated still open their page without a reload, and back", async ({
  page,
}) => {
  // Going back restores the landing scrolled to the latest articles, whose images (articles
  // other tests write) may name hosts this machine cannot reach.
  await page.route(
    (url) => url.hostname !== "localhost",
    (route) => route.fulfill({ status: 204 }),
  );
  const errors = collectErrors(page);
  await page.goto("/es");
  await hydrated(page);
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));

  // A feature card (landing body) and a footer link: both prerendered HTML the app does not hydrate.
  await page.locator("#funcionalidades").getByRole("link").first().click();
  await expect(page).toHaveURL(/\/es\/servicios\/contrareembolso$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("contra reembolso");
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacidad", exact: true }).click();
  await expect(page).toHaveURL(/\/es\/privacidad$/);
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);

  // Back on the landing, now rendered by the app: the same content, once.
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(/\/es$/);
  await expect(page.locator("#funcionalidades li")).toHaveCount(6);
  await expect(page.locator("#comparativa")).toHaveCount(1);
  expect(errors).toEqual([]);
});

test("the site's icon is in the page, so a first visit asks for no icon file", async ({ page, request }) => {
  // docs/decisions/0198-brand-mark-in-the-page.md: the server's HTML carries the icon as data,
  // the same drawing as /favicon.svg, which stays for whoever asks for it by address.
  const html = await (await request.get("/es")).text();
  const icons = [...html.matchAll(/<link\b[^>]*\brel="icon"[^>]*>/g)].map((match) => match[0]);
  expect(icons).toHaveLength(1);
  const href = /href="([^"]+)"/.exec(icons[0]!)![1]!;
  expect(href).toMatch(/^data:image\/svg\+xml,/);
  const file = await (await request.get("/favicon.svg")).text();
  expect(decodeURIComponent(href.slice("data:image/svg+xml,".length))).toBe(file.trim());

  const iconRequests: string[] = [];
  page.on("request", (sent) => {
    if (/favicon/.test(sent.url())) iconRequests.push(sent.url());
  });
  await page.goto("/es");
  await page.waitForLoadState("networkidle");
  expect(iconRequests).toEqual([]);
});
