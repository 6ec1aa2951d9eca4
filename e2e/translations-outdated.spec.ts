import { expect, test } from "./fixtures.ts";
import { adminArticleCard, adminToken } from "./site-helpers.ts";
import { openEditor } from "./admin-editor.ts";

/**
 * A translation whose source changed after it was saved is marked outdated in the list and the
 * editor, with the source's changes one click away (docs/decisions/0426-translations-that-fall-behind.md).
 */
test("editing a source marks its translation outdated; the editor shows the source's changes", async ({
  adminPage: page,
}) => {
  const run = Date.now().toString(36);
  const api = (method: "post" | "put", path: string, data: Record<string, unknown>) =>
    page.request[method](path, { headers: { authorization: `Bearer ${adminToken()}` }, data });
  const source = (
    await (
      await api("post", "/api/admin/articles", { title: `Original ${run}`, content: "Primer texto del original." })
    ).json()
  ).article;
  const title = `Translation ${run}`;
  const made = await api("post", "/api/admin/articles", {
    title,
    content: "First text of the translation.",
    language: "en",
    translationOf: source.id,
  });
  expect(made.status()).toBe(201);
  expect(
    (
      await api("put", `/api/admin/articles/${source.id}`, {
        title: `Original ${run}`,
        content: "Primer texto del original, con una frase nueva.",
        version: 1,
      })
    ).status(),
  ).toBe(200);

  await page.reload();
  const card = adminArticleCard(page, title);
  await expect(card.getByTestId("article-outdated")).toHaveText(
    "Desactualizada: el original en Español ha cambiado desde que se guardó",
  );
  await expect(adminArticleCard(page, `Original ${run}`).getByTestId("article-translations")).toContainText(
    "Inglés (Borrador, desactualizada)",
  );
  const editor = await openEditor(page, title);
  const notice = editor.getByTestId("translation-outdated");
  await expect(notice).toContainText("El original en Español ha cambiado desde que se guardó esta traducción.");
  await notice.getByRole("button", { name: "Ver los cambios del original" }).click();
  await expect(notice.getByText("Cambios del original desde la versión 1 hasta la 2:")).toBeVisible();
  // Word by word: what the source gained since the translation was saved is marked as added.
  await expect(
    notice.getByTestId("revision-diff").locator("ins").filter({ hasText: "frase nueva" }).last(),
  ).toBeVisible();
});
