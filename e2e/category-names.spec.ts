import { expect, test } from "./fixtures.ts";
import { fillNewArticle, saveAndRead, unique } from "./admin-editor.ts";
import { hydrated, newClientContext, signedInAdminPage } from "./site-helpers.ts";

/**
 * An administrator's own category named per language
 * (docs/decisions/0170-category-names-per-language.md): the editor marks the languages
 * without a name, the English pages use the English name given, the Portuguese ones, without
 * a name of their own, the typed one.
 */
test("a category given an English name shows it on English pages and its typed name on Portuguese ones", async ({
  browser,
}) => {
  // A sign-in, a save and four loads of public pages: more than a single test's minute on a busy host.
  test.slow();
  const { page } = await signedInAdminPage(browser);
  const title = unique("Returns without losses");
  const typed = unique("Logística inversa");
  const english = `Reverse logistics ${typed.split(" ").at(-1)}`;

  const editor = await fillNewArticle(page, { title, excerpt: "How to collect and recover a returned order." });
  await editor.getByLabel("Idioma", { exact: true }).selectOption("en");
  await editor.getByLabel("Nueva categoría").fill(typed);
  await editor.getByRole("button", { name: "Añadir", exact: true }).click();
  const names = editor.getByRole("group", { name: `Nombre de «${typed}» en cada idioma` });
  // Every language stands in with the typed name until given its own: each box says so.
  await expect(names.getByText("sin traducir", { exact: true })).toHaveCount(3);
  await expect(names.getByLabel("Inglés")).toHaveAttribute("placeholder", typed);
  await names.getByLabel("Inglés").fill(english);
  await expect(names.getByText("sin traducir", { exact: true })).toHaveCount(2);
  await expect(names.getByRole("textbox", { name: "Portugués" })).toHaveValue("");
  await editor.getByLabel("Publicado").check();
  const saved = await saveAndRead<{ slug: string; categories: { id: string }[] }>(page, editor, title);
  const category = saved.categories[0]!.id;

  const visitor = await (await newClientContext(browser)).newPage();
  // The English article page: the category link names it in English.
  await visitor.goto(`/en/blog/${saved.slug}`);
  await hydrated(visitor);
  await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByRole("link", { name: english, exact: true })).toBeVisible();
  await expect(visitor.getByText(typed, { exact: true })).toHaveCount(0);

  // The English list filtered by the category: its card and the filter's choice say the same.
  await visitor.goto(`/en/blog?category=${encodeURIComponent(category)}`);
  await hydrated(visitor);
  const card = visitor.getByTestId("article-card").filter({ hasText: title });
  await expect(card.getByRole("list", { name: "Category" }).getByText(english, { exact: true })).toBeVisible();
  await expect(visitor.getByRole("combobox", { name: "Category", exact: true })).toHaveValue(category);
  await expect(visitor.getByRole("option", { name: english, exact: true })).toBeAttached();

  // Portuguese has no name of its own: the typed one stands in, on the article page and in the list.
  await visitor.goto(`/pt/blog/${saved.slug}`);
  await hydrated(visitor);
  await expect(visitor.getByRole("link", { name: typed, exact: true })).toBeVisible();
  await expect(visitor.getByText(english, { exact: true })).toHaveCount(0);
  await visitor.goto(`/pt/blog?category=${encodeURIComponent(category)}`);
  await hydrated(visitor);
  await expect(
    visitor.getByTestId("article-card").filter({ hasText: title }).getByText(typed, { exact: true }),
  ).toBeVisible();
});
