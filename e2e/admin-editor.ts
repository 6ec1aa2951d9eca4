import { expect, type Locator, type Page } from "@playwright/test";
import { adminArticleCard, adminToken } from "./site-helpers.ts";

/** The editor's save button: "Guardar", or "Actualizar" for a published article (decision 0451). */
export const SAVE_BUTTON = /^(Guardar|Actualizar)$/;

/** A title no other test of the run uses. */
export const unique = (label: string) =>
  `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

export interface NewArticle {
  title: string;
  excerpt?: string;
  /** Two paragraphs of placeholder text when not given. */
  content?: string;
}

/** Opens "Nuevo Artículo" on the admin list; answers the editor's dialog. */
export async function openNewArticle(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: "Nuevo Artículo" }).click();
  return page.getByRole("dialog", { name: "Nuevo Artículo" });
}

/** Opens "Nuevo Artículo" on the admin list and fills title, excerpt and content; answers the editor. */
export async function fillNewArticle(page: Page, values: NewArticle) {
  const editor = await openNewArticle(page);
  await expect(editor).toBeVisible();
  await editor.getByLabel("Título").fill(values.title);
  await editor.getByLabel("Extracto").fill(values.excerpt ?? "Un extracto para la prueba.");
  await fillContent(editor, values.content ?? "Primer párrafo del contenido.\nSegundo párrafo.");
  return editor;
}

/** Creates an article through the editor (published when asked) and waits for its card on the list. */
export async function createArticle(page: Page, values: NewArticle & { published?: boolean }) {
  const editor = await fillNewArticle(page, values);
  if (values.published) await editor.getByLabel("Publicado").check();
  await editor.getByRole("button", { name: SAVE_BUTTON }).click();
  await expect(editor).toBeHidden();
  await expect(adminArticleCard(page, values.title)).toBeVisible();
}

/** Opens the article titled `title` from its card's "Editar" button; answers the editor. */
export async function openEditor(page: Page, title: string) {
  await adminArticleCard(page, title)
    .getByRole("button", { name: `Editar «${title}»` })
    .click();
  const editor = page.getByRole("dialog", { name: "Editar Artículo" });
  await expect(editor).toBeVisible();
  return editor;
}

/**
 * Saves what the editor holds, waits for the article's card on the list, and answers the
 * article as the admin API lists it (what the page does not show: its slug, stored fields).
 */
export async function saveAndRead<T>(page: Page, editor: Locator, title: string): Promise<T> {
  await editor.getByRole("button", { name: SAVE_BUTTON }).click();
  await expect(editor).toBeHidden();
  await expect(adminArticleCard(page, title)).toBeVisible();
  const listed = await page.request.get(`/api/admin/articles?q=${encodeURIComponent(title)}`, {
    headers: { authorization: `Bearer ${adminToken()}` },
  });
  const [saved] = ((await listed.json()) as { articles: T[] }).articles;
  expect(saved, title).toBeDefined();
  return saved!;
}

/** The article's content: a CodeMirror text box (a contenteditable named by its label). */
export const contentBox = (editor: Locator) => editor.getByRole("textbox", { name: "Contenido" });

/**
 * Replaces the content's text with `text`, as a paste would put it in: typing it line by line
 * would continue lists and quotes on Enter (Playwright's `fill` is for form controls).
 */
export async function fillContent(editor: Locator, text: string) {
  const box = contentBox(editor);
  await box.click();
  await box.press("ControlOrMeta+a");
  await box.evaluate((element, pasted) => {
    const data = new DataTransfer();
    data.setData("text/plain", pasted);
    element.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
  await expectContent(editor, text);
}

/** The content's text as the editor shows it, one `.cm-line` a line. */
export function contentText(editor: Locator): Promise<string> {
  return contentBox(editor).evaluate((element) =>
    [...element.querySelectorAll(".cm-line")].map((line) => line.textContent ?? "").join("\n"),
  );
}

/** Waits for the content's text to be `expected` (`toHaveValue` for the CodeMirror text box). */
export async function expectContent(editor: Locator, expected: string | RegExp) {
  const poll = expect.poll(() => contentText(editor));
  await (typeof expected === "string" ? poll.toBe(expected) : poll.toMatch(expected));
}
