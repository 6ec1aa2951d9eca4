import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { adminToken, collectErrors, createThroughApi, hydrated, apiSuite } from "./site-helpers.ts";

/**
 * The blog pages' HTML (what crawlers read, packages/functions/src/handlers/article-page.ts)
 * is the app's own page: the content the server wrote equals what the app shows once it has
 * hydrated it, element for element, class for class.
 */
const { run: RUN, client: CLIENT } = apiSuite("m", "10.44.0.3");

let slug: string;

test.beforeAll(async ({ request, baseURL }) => {
  const token = adminToken();
  const created = await createThroughApi<{ slug: string }>(request, CLIENT, token, {
    title: `Marcado ${RUN} igual`,
    excerpt: `Resumen ${RUN}.`,
    content: `Un párrafo con **negrita** y [un enlace](https://example.com).\n\n- uno\n- dos`,
    imageUrl: `${baseURL}/favicon.svg`,
    imageAlt: "Logotipo de CodCRM",
    categories: [
      { id: "automatizacion", name: "Automatización" },
      { id: "noticias", name: "Noticias" },
    ],
    published: true,
  });
  slug = created.slug;
});

/**
 * The elements `selector` finds in the server's document and in the page once the app has it, both serialised by the browser, attributes in name order (the
 * app sets an image's `src` after its other attributes: the order is not the markup). The view
 * count is left out: the app shows the count after this opening, the server the one before it.
 */
async function serverAndApp(page: Page, path: string, selector: string) {
  const errors = collectErrors(page);
  const serverHtml = await (await page.request.get(path)).text();
  await page.goto(path);
  await hydrated(page);
  await expect(page.locator(`main ${selector}`).first()).toBeVisible();
  const [server, app] = await page.evaluate(
    ({ html, selector }) => {
      const normalise = (element: Element) => {
        const copy = element.cloneNode(true) as Element;
        for (const node of [copy, ...copy.querySelectorAll("*")]) {
          const attributes = [...node.attributes].map((a) => [a.name, a.value] as const).sort();
          for (const [name] of attributes) node.removeAttribute(name);
          for (const [name, value] of attributes) node.setAttribute(name, value);
        }
        for (const count of copy.querySelectorAll('[data-testid="view-count"]')) count.textContent = "";
        return copy.outerHTML;
      };
      const parsed = new DOMParser().parseFromString(html, "text/html");
      return [
        [...parsed.querySelectorAll(`main ${selector}`)].map(normalise),
        [...document.querySelectorAll(`main ${selector}`)].map(normalise),
      ];
    },
    { html: serverHtml, selector },
  );
  expect(errors).toEqual([]);
  return { server, app, serverHtml };
}

test("an article's server markup is the app's, notice and categories included", async ({ page }) => {
  const { server, app, serverHtml } = await serverAndApp(page, `/es/blog/${slug}`, "article");
  expect(server).toHaveLength(1);
  expect(server[0]).toContain(`Marcado ${RUN} igual`);
  expect(server[0]).toContain("<strong>negrita</strong>");
  expect(server[0]).toContain('class="rounded-full bg-brand-50');
  expect(serverHtml).toMatch(/data-testid="view-count">\d+ visitas?</);
  expect(app).toEqual(server);
});

test("an article under a language it is not written in: the same notice page", async ({ page }) => {
  const { server, app } = await serverAndApp(page, `/en/blog/${slug}`, "article");
  expect(server[0]).toContain('data-testid="language-notice"');
  expect(server[0]).toContain('lang="es"');
  expect(app).toEqual(server);
});

test("a missing article: the same fallback page under its notice", async ({ page }) => {
  const { server, app } = await serverAndApp(page, `/pt/blog/nada-${RUN}`, "article");
  expect(server[0]).toContain('role="status"');
  expect(app).toEqual(server);
});

test("a category page: the same heading and intro, the same cards", async ({ page }) => {
  const heading = await serverAndApp(page, "/es/blog/noticias", "h1, h1 + p");
  expect(heading.server).toHaveLength(2);
  expect(heading.server[0]).toContain("Noticias");
  expect(heading.app).toEqual(heading.server);
  const cards = await serverAndApp(page, "/es/blog/noticias", '[data-testid="article-card"]');
  expect(cards.server.some((card) => card.includes(`Marcado ${RUN} igual`))).toBe(true);
  // The app shows a page of cards; the server lists them all, in the same order.
  expect(cards.app.length).toBeGreaterThan(0);
  expect(cards.app).toEqual(cards.server.slice(0, cards.app.length));
});
