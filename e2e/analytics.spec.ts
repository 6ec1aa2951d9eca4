/// <reference lib="dom" />
import { readFileSync } from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import { axeViolations, WCAG_AND_BEST_PRACTICE } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { apiSuite, hydrated, newClientContext, signedInAdminPage } from "./site-helpers.ts";

/**
 * The site's own analytics as a visitor and the administrator meet them
 * (docs/decisions/0400-first-party-page-views.md, 0403, 0406): what the browser keeps, what
 * counts, and a campaign's visit that becomes a trial request, on its lead and in the dashboard.
 * The counting rules themselves are API tests (packages/local/test/page-views.test.ts).
 */
const { run: RUN, create } = apiSuite("an", "10.45.0.1");

async function viewCount(request: APIRequestContext, id: string): Promise<number> {
  return (await (await request.get(`/api/articles/${id}`)).json()).article.viewCount as number;
}

/** The page's next beacon, once the server has answered it. */
function nextBeacon(page: Page) {
  return page.waitForResponse((response) => response.url().endsWith("/api/views"));
}

test("a bot counts no view; visiting pages, the app's own navigations included, leaves no cookie and nothing in localStorage", async ({
  browser,
  request,
}) => {
  const article = await create(request, { title: `Analítica ${RUN} sin cookies` });

  // A crawler's page view reaches the server, which counts nothing of it.
  const bot = await browser.newContext({
    userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  });
  const crawled = await bot.newPage();
  const before = await viewCount(request, article.id);
  const seen = nextBeacon(crawled);
  await crawled.goto(`/es/blog/${article.slug}`);
  expect((await seen).status()).toBe(204);
  expect(await viewCount(request, article.id)).toBe(before);
  await bot.close();

  const context = await newClientContext(browser);
  const page = await context.newPage();
  const cookies: string[] = [];
  page.on("response", async (response) => {
    const set = await response.headerValue("set-cookie").catch(() => null);
    if (set) cookies.push(`${response.url()}: ${set}`);
  });
  const beacons: string[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/api/views")) beacons.push(JSON.parse(r.postData() ?? "{}").p);
  });
  let landed = nextBeacon(page);
  await page.goto("/es");
  await landed;
  await hydrated(page);
  // The app's own navigations: each a page view through the same beacon.
  landed = nextBeacon(page);
  await page.getByRole("banner").getByRole("link", { name: "Blog" }).click();
  await expect(page).toHaveURL(/\/es\/blog$/);
  await landed;
  landed = nextBeacon(page);
  await page.goto(`/es/blog/${article.slug}`);
  await landed;
  await expect.poll(() => viewCount(request, article.id)).toBe(before + 1);
  await hydrated(page);
  landed = nextBeacon(page);
  await page.goto("/pt/precios");
  await landed;
  await hydrated(page);
  expect(beacons).toEqual(["/es", "/es/blog", `/es/blog/${article.slug}`, "/pt/precios"]);
  expect(await context.cookies()).toEqual([]);
  expect(cookies).toEqual([]);
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
  // What the tab's visit keeps, for a lead it may send (docs/decisions/0403-lead-attribution-for-the-tab.md).
  expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem("visit") ?? "null"))).toEqual({
    e: "/es",
    a: [article.id],
  });
  await context.close();
});

test.describe("a visit from a campaign that asks for a trial", () => {
  // The second test reads what the first made: the dashboard's figures of the first one's lead.
  test.describe.configure({ mode: "serial" });
  const campaign = `otono-${RUN}`;
  const email = `campana-${RUN}@example.com`;
  let article: { id: string; slug: string; title: string };

  test("the lead shows the article it read and its campaign", async ({ browser, request }) => {
    article = await create(request, { title: `Analítica ${RUN} campaña` });
    const context = await newClientContext(browser);
    const page = await context.newPage();
    const landed = nextBeacon(page);
    await page.goto(`/es/blog/${article.slug}?utm_source=newsletter&utm_medium=email&utm_campaign=${campaign}`);
    await landed;
    await hydrated(page);
    await page.evaluate(() =>
      window.dispatchEvent(new CustomEvent("openContactForm", { detail: { intent: "trial" } })),
    );
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Nombre").fill("Marta");
    await dialog.getByLabel("Correo electrónico").fill(email);
    await dialog.getByLabel("Empresa").fill("Tienda Marta");
    await dialog.getByLabel("Teléfono").fill("+34 600 111 222");
    await dialog.getByLabel("Mensaje").fill("Quiero probarlo.");
    await dialog.getByRole("checkbox").check();
    const posted = page.waitForResponse("**/api/contact");
    await dialog.getByRole("button", { name: "Enviar solicitud" }).click();
    expect((await posted).status()).toBe(201);
    await context.close();

    const admin = await signedInAdminPage(browser);
    await admin.page.goto("/admin/mensajes");
    const source = admin.page.locator("li[data-lead-id]", { hasText: email }).getByTestId("lead-source");
    await expect(source).toContainText(`/es/blog/${article.slug}`);
    await expect(source).toContainText(article.title);
    await expect(source).toContainText(campaign);
    await expect(source).toContainText("newsletter");
    await admin.context.close();
  });

  test("/admin/analiticas shows the campaign with one conversion, its table as CSV, and no axe violation", async ({
    adminPage: page,
  }) => {
    await page.getByRole("link", { name: "Analíticas" }).click();
    await page.getByRole("button", { name: "Últimos 7 días" }).click();
    await expect(page).toHaveURL(/\/admin\/analiticas\?dias=7$/);
    const row = page.getByRole("table", { name: "Campañas" }).getByRole("row", { name: new RegExp(campaign) });
    await expect(row.getByRole("cell")).toHaveText(["1", "1", /^100\s?%$/]);
    await expect(
      page.getByRole("table", { name: "Artículos" }).getByRole("row", { name: new RegExp(article.title) }),
    ).toBeVisible();
    expect(await axeViolations(page, { tags: WCAG_AND_BEST_PRACTICE })).toEqual([]);
    // The table beside a chart, as a file.
    const saved = page.waitForEvent("download");
    await page.getByRole("button", { name: "Descargar CSV: Campañas" }).click();
    const file = readFileSync((await (await saved).path())!, "utf8");
    expect(file.split("\r\n")).toContain(`${campaign},1,1,1`);
  });
});
