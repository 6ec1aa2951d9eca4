/// <reference lib="dom" />
import { expect, test } from "./fixtures.ts";
import { openNewArticle, fillContent, SAVE_BUTTON } from "./admin-editor.ts";
import { adminArticleCard, newClientContext, signInAsAdmin } from "./site-helpers.ts";

/**
 * Publishing shows at once: an article unpublished in the administration is gone from its
 * public page on the visitor's very next load (browsers revalidate public answers, and the
 * server forgets what it kept on the write).
 */
test("unpublish in the admin: the public article is gone on the next load", async ({ browser }) => {
  // Two browsers, a sign-in, two saves and three page loads: on a busy two-core host (the
  // suite runs two workers beside the server) the whole can pass a single test's minute.
  test.slow();
  const title = `Publicado y retirado ${Date.now().toString(36)}`;
  const admin = await (await newClientContext(browser)).newPage();
  await signInAsAdmin(admin);
  const editor = await openNewArticle(admin);
  await editor.getByLabel("Título").fill(title);
  await editor.getByLabel("Extracto").fill("Un extracto para la prueba.");
  await fillContent(editor, "Texto que se retira enseguida.");
  await editor.getByLabel("Publicado").check();
  await editor.getByRole("button", { name: SAVE_BUTTON }).click();
  await expect(editor).toBeHidden();
  await expect(adminArticleCard(admin, title)).toBeVisible();

  // A visitor reads it (the browser keeps whatever the answers allow it to keep).
  const listed = await admin.request.get("/api/admin/articles?q=" + encodeURIComponent(title));
  const { slug } = ((await listed.json()) as { articles: { slug: string }[] }).articles[0]!;
  const visitor = await (await newClientContext(browser)).newPage();
  await visitor.goto(`/es/blog/${slug}`);
  await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();

  // Unpublished in the admin.
  await adminArticleCard(admin, title)
    .getByRole("button", { name: `Editar «${title}»` })
    .click();
  const edit = admin.getByRole("dialog", { name: "Editar Artículo" });
  await edit.getByLabel("Publicado").uncheck();
  await edit.getByRole("button", { name: SAVE_BUTTON }).click();
  await expect(edit).toBeHidden();

  // The visitor's next load shows no such article.
  await visitor.reload();
  await expect(visitor.getByRole("heading", { level: 1, name: title })).toHaveCount(0);
  await expect(visitor.getByRole("status").first()).toBeVisible();
  const api = await visitor.request.get(`/api/articles/${slug}`);
  expect(api.status()).toBe(404);
});
