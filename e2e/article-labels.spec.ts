import { expect, test } from "./fixtures.ts";
import { openNewArticle, fillContent, SAVE_BUTTON } from "./admin-editor.ts";
import { collectErrors, hydrated } from "./site-helpers.ts";

/**
 * An article's labels in the browser, on the demo seed: the carriers article has tags, was
 * revised four days after it was published, and shares tags with three other articles.
 */
const CARRIERS = "/es/blog/mrw-gls-nacex-o-tipsa-como-elegir-transportista-para-tu-tienda";
const CARRIERS_TITLE = "MRW, GLS, NACEX o TIPSA: cómo elegir transportista para tu tienda";

test("an article shows its author, its update date, its tags and related articles", async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto(CARRIERS);
  await hydrated(page);
  const article = page.locator("article").first();
  await expect(article.getByTestId("article-author")).toHaveText("Por Laura");
  await expect(article.getByTestId("article-updated")).toContainText("Actualizado el");
  const tags = article.getByRole("list", { name: "Etiquetas" });
  await expect(tags.getByRole("link")).toHaveText(["#Contra reembolso", "#Logística", "#Transportistas"]);

  const related = page.getByTestId("related-articles");
  await expect(related.getByRole("heading", { name: "Artículos relacionados" })).toBeVisible();
  const cards = related.getByTestId("article-card");
  await expect(cards).toHaveCount(3);
  // Each shares one label with it (a tag or the category), so the newest come first.
  await expect(cards.getByRole("heading")).toHaveText([
    "Cómo reducir las devoluciones en envíos contra reembolso",
    "Confirmación de pedidos con IA: qué es y cuándo compensa",
    "Guía paso a paso: conectar tu tienda online con el CRM",
  ]);
  await expect(cards.filter({ hasText: CARRIERS_TITLE })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("a tag link filters the blog list, which says so and can be cleared", async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto(CARRIERS);
  await hydrated(page);
  await page.getByRole("list", { name: "Etiquetas" }).getByRole("link", { name: "#Logística" }).click();
  await expect(page).toHaveURL(/\/es\/blog\?tag=logistica$/);
  await expect(page.getByTestId("tag-filter")).toContainText("Artículos con la etiqueta «Logística»");
  // The filtered list is canonical to the unfiltered one (docs/decisions/0078-tag-filtered-list.md).
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/es\/blog$/);
  const cards = page.getByTestId("article-card");
  await expect(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: CARRIERS_TITLE })).toHaveCount(1);
  await expect(cards.filter({ hasText: "Stock en varios almacenes" })).toHaveCount(1);

  await page.getByRole("button", { name: "Ver todos los artículos" }).click();
  await expect(page).toHaveURL(/\/es\/blog$/);
  await expect(page.getByTestId("tag-filter")).toHaveCount(0);
  await expect.poll(() => cards.count()).toBeGreaterThan(2);
  expect(errors).toEqual([]);
});

test("the editor's search preview follows what is typed and warns past the advised lengths", async ({
  adminPage: page,
}) => {
  // Login throttling is per client address: this test is its own client.
  const editor = await openNewArticle(page);
  await expect(editor).toBeVisible();

  const preview = editor.getByTestId("google-preview");
  await editor.getByLabel("Título").fill("Cobrar a la entrega sin sorpresas");
  await fillContent(editor, "Cómo confirmar cada pedido antes de enviarlo.");
  await expect(editor.getByTestId("google-preview-title")).toHaveText(
    "Cobrar a la entrega sin sorpresas | Blog CodCRM",
  );
  await expect(editor.getByTestId("google-preview-url")).toContainText("/es/blog/cobrar-a-la-entrega-sin-sorpresas");
  await expect(editor.getByTestId("google-preview-description")).toHaveText(
    "Cómo confirmar cada pedido antes de enviarlo.",
  );

  const seoTitle = editor.getByLabel("Titular para buscadores");
  await seoTitle.fill("Contra reembolso: cobra cada pedido");
  await expect(editor.getByTestId("google-preview-title")).toHaveText("Contra reembolso: cobra cada pedido");
  await expect(editor.getByTestId("social-preview-title")).toHaveText("Contra reembolso: cobra cada pedido");
  await expect(editor.getByTestId("seo-warning")).toHaveCount(0);

  await seoTitle.fill("Contra reembolso: cómo cobrar cada pedido y perder menos envíos por el camino");
  await expect(editor.getByTestId("seo-warning")).toHaveText("Más de 60 caracteres: Google puede cortar el título.");
  await editor.getByLabel("Descripción para buscadores").fill("Guía breve.");
  await expect(preview.getByTestId("google-preview-description")).toHaveText("Guía breve.");

  // A warning, not an error: the article saves with a long title.
  await editor.getByLabel("Extracto").fill("Un extracto.");
  await editor.getByRole("button", { name: SAVE_BUTTON }).click();
  await expect(editor).toBeHidden();
});
