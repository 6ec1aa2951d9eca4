/// <reference lib="dom" />
import { expect, test } from "./fixtures.ts";
import { fillNewArticle, saveAndRead, unique, SAVE_BUTTON } from "./admin-editor.ts";
import { collectErrors, hydrated, newClientContext, signedInAdminPage } from "./site-helpers.ts";

/**
 * An article first published on another site (docs/decisions/0117-canonical-url-override.md):
 * its canonical URL typed in the editor is what its page names as canonical, in the server's
 * HTML and in the head the app writes after a navigation, and the page names no hreflang.
 */
const ELSEWHERE = "https://medium.com/@codcrm/cobrar-contra-reembolso";

test("a canonical URL set in the editor is the published page's canonical, without hreflang", async ({ browser }) => {
  // A sign-in, a refused and an accepted save, then three loads of the article: more than a
  // single test's minute on a busy two-core host.
  test.slow();
  const { page } = await signedInAdminPage(browser);
  const title = unique("Publicado antes en Medium");
  const editor = await fillNewArticle(page, { title });
  const field = editor.getByLabel("URL canónica");

  // A path is refused in the admin's language, saying what is wanted.
  await field.fill("/es/blog/otro-articulo");
  await editor.getByRole("button", { name: SAVE_BUTTON }).click();
  await expect(
    editor.getByText("Escribe la dirección completa donde se publicó primero, empezando por https:// (o http://).", {
      exact: true,
    }),
  ).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");

  await field.fill(ELSEWHERE);
  await editor.getByLabel("Publicado").check();
  const saved = await saveAndRead<{ slug: string; canonicalUrl?: string }>(page, editor, title);
  expect(saved.canonicalUrl).toBe(ELSEWHERE);
  const path = `/es/blog/${saved.slug}`;

  // The server's HTML, before any script runs.
  const links = (await (await page.request.get(path)).text()).match(/<link\b[^>]*>/g) ?? [];
  expect(links.filter((link) => /rel="canonical"/.test(link))).toEqual([
    expect.stringContaining(`href="${ELSEWHERE}"`),
  ]);
  expect(links.filter((link) => /hreflang=/.test(link))).toEqual([]);

  // The page as a visitor opens it, once the app has started.
  const visitor = await (await newClientContext(browser)).newPage();
  const errors = collectErrors(visitor);
  await visitor.goto(path);
  await hydrated(visitor);
  await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(visitor.locator('link[rel="canonical"]')).toHaveAttribute("href", ELSEWHERE);
  await expect(visitor.locator('link[rel="canonical"]')).toHaveCount(1);
  await expect(visitor.locator("link[hreflang]")).toHaveCount(0);

  // Reached by a navigation inside the app from the blog list (which names its alternates),
  // the head the app writes says the same.
  await visitor.goto("/es/blog");
  await hydrated(visitor);
  await expect(visitor.locator("link[hreflang]").first()).toBeAttached();
  await visitor.evaluate(
    (to) =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate(to: string): unknown } }
      ).__reactRouterDataRouter.navigate(to),
    path,
  );
  await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(visitor.locator('link[rel="canonical"]')).toHaveAttribute("href", ELSEWHERE);
  await expect(visitor.locator("link[hreflang]")).toHaveCount(0);
  expect(errors).toEqual([]);
});
