/// <reference lib="dom" />
// Callbacks given to page.evaluate run in the browser.
import sharp from "sharp";
import { expect, test } from "./fixtures.ts";
import {
  openNewArticle,
  contentBox,
  createArticle,
  expectContent,
  fillContent,
  openEditor,
  unique,
} from "./admin-editor.ts";

/**
 * The content's text box on CodeMirror (docs/decisions/0156-markdown-editor-on-codemirror.md):
 * one history for typing, toolbar and shortcuts; lists that go on with Enter; the Image
 * button's upload; and the editor's own address (docs/decisions/0157-the-editor-has-an-address.md).
 */

// Typing key by key in a busy shared machine's browser: slower than the default minute.
test.describe.configure({ timeout: 180_000 });

test("Ctrl+B then Ctrl+Z gives the text back; Ctrl+Y and Ctrl+Shift+Z do the bold again", async ({
  adminPage: page,
}) => {
  const editor = await openNewArticle(page);
  await fillContent(editor, "Un envío rápido");
  const box = contentBox(editor);
  await box.press("ControlOrMeta+End");
  for (let step = 0; step < "rápido".length; step++) await box.press("Shift+ArrowLeft");
  await box.press("ControlOrMeta+b");
  await expectContent(editor, "Un envío **rápido**");
  await box.press("ControlOrMeta+z");
  await expectContent(editor, "Un envío rápido");
  await box.press("Control+y");
  await expectContent(editor, "Un envío **rápido**");
  await box.press("ControlOrMeta+z");
  await expectContent(editor, "Un envío rápido");
  // A capital Z, as a keyboard sends it with Shift held: Playwright's "Control+Shift+z" sends
  // the key "z" with Shift down, which CodeMirror reads by the character as Ctrl-z, an undo.
  await box.press("Control+Shift+Z");
  await expectContent(editor, "Un envío **rápido**");

  // A toolbar button is one step of the same history, after what was typed.
  await box.press("ControlOrMeta+End");
  await page.keyboard.type(" hoy");
  await editor.getByRole("button", { name: "Cita" }).click();
  await expectContent(editor, "> Un envío **rápido** hoy");
  await box.press("ControlOrMeta+z");
  await expectContent(editor, "Un envío **rápido** hoy");
});

test("Enter goes on with a list, a numbered list and a quote, and ends them on an empty item", async ({
  adminPage: page,
}) => {
  const editor = await openNewArticle(page);
  const box = contentBox(editor);
  await box.click();
  // Each "\n" typed is a press of Enter.
  await page.keyboard.type("- uno\ndos");
  await expectContent(editor, "- uno\n- dos");
  // Tab in a list item nests it; Shift+Tab takes it back out.
  await page.keyboard.type("\n");
  await page.keyboard.press("Tab");
  await page.keyboard.type("dentro");
  await expectContent(editor, "- uno\n- dos\n    - dentro");
  await expect(box).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expectContent(editor, "- uno\n- dos\n- dentro");
  // Enter on the empty item ends the list, with a blank line before what comes next.
  await page.keyboard.type("\n\nFuera de la lista.");
  await expectContent(editor, "- uno\n- dos\n- dentro\n\nFuera de la lista.");

  // The numbered list and the quote go on, and end, as the list did.
  await page.keyboard.type("\n\n1. primero\nsegundo\n\n> una cita\nque sigue\n\nFin.");
  await expectContent(
    editor,
    "- uno\n- dos\n- dentro\n\nFuera de la lista.\n\n1. primero\n2. segundo\n\n> una cita\n> que sigue\n\nFin.",
  );
  // The preview renders what was typed as lists and a quote.
  const preview = editor.getByTestId("content-preview");
  await expect(preview.locator("ul > li")).toHaveText(["uno", "dos", "dentro"]);
  await expect(preview.locator("ol > li")).toHaveText(["primero", "segundo"]);
  await expect(preview.locator("blockquote > p")).toHaveText(["una cita", "que sigue"]);

  // Outside a list, Tab leaves the text box; in a list, Escape then Tab does.
  await page.keyboard.press("Tab");
  await expect(box).not.toBeFocused();
  await box.press("ControlOrMeta+Home");
  await page.keyboard.press("Escape");
  await page.keyboard.press("Tab");
  await expect(box).not.toBeFocused();
  // That first Escape neither closed the editor nor asked to: the text is unsaved, so a close
  // would have opened the question, and Tab would have moved inside it. The editor is still
  // visible either way; only the missing question tells the two apart.
  await expect(editor).toBeVisible();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await expect(editor.locator("form :focus")).toHaveCount(1);
});

test("the Image button uploads a real PNG and puts it in with its alt text selected", async ({ adminPage: page }) => {
  const editor = await openNewArticle(page);
  await fillContent(editor, "Antes de la imagen.");
  await contentBox(editor).press("ControlOrMeta+End");
  const png = await sharp({ create: { width: 640, height: 360, channels: 3, background: "#38a" } })
    .png()
    .toBuffer();
  const chooser = page.waitForEvent("filechooser");
  await editor.getByRole("button", { name: "Imagen", exact: true }).click();
  await (await chooser).setFiles({ name: "grafico.png", mimeType: "image/png", buffer: png });
  await expectContent(editor, /^Antes de la imagen\.\n!\[texto alternativo\]\(\/media\/[a-z0-9]+\/original\.png\)$/);
  await expect(contentBox(editor)).toBeFocused();
  // The placeholder is selected: typing replaces it.
  await page.keyboard.type("Entregas de la semana");
  await expectContent(
    editor,
    /^Antes de la imagen\.\n!\[Entregas de la semana\]\(\/media\/[a-z0-9]+\/original\.png\)$/,
  );
  // The preview shows the uploaded file, which the server answers.
  const image = editor.getByTestId("content-preview").getByRole("img", { name: "Entregas de la semana" });
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(640);
});

test("an article's editor has its address: it survives a reload, and Back closes it", async ({ adminPage: page }) => {
  const title = unique("Editor con dirección");
  await createArticle(page, { title, content: "Un texto guardado." });
  const listUrl = page.url();
  await openEditor(page, title);
  await expect(page).toHaveURL(/\/admin\/blog\/\d+[a-z0-9]+$/);
  const address = page.url();

  // Reloaded, the address is the admin's page: answered 200, with the admin and nothing of the
  // public site around it, before or after the editor closes.
  const reload = await page.reload();
  expect(reload?.status()).toBe(200);
  const reopened = page.getByRole("dialog", { name: "Editar Artículo" });
  await expect(reopened).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Secciones de administración" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Saltar al contenido" })).toHaveCount(0);
  await expect(reopened.getByLabel("Título")).toHaveValue(title);
  await expectContent(reopened, "Un texto guardado.");
  expect(page.url()).toBe(address);

  await page.goBack();
  await expect(reopened).toBeHidden();
  expect(page.url()).toBe(listUrl);
  await page.goForward();
  await expect(page.getByRole("dialog", { name: "Editar Artículo" })).toBeVisible();

  // Closing it goes back to the list, where Back does not open it again.
  await openedClose(page);
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);

  // A new article's editor has its own address too.
  await page.getByRole("button", { name: "Nuevo Artículo" }).click();
  await expect(page).toHaveURL(/\/admin\/blog\/nuevo$/);
  await page.reload();
  await expect(page.getByRole("dialog", { name: "Nuevo Artículo" })).toBeVisible();

  // An address of no article says so on the list.
  await page.goto("/admin/blog/0000000000000zzzz");
  await expect(page.getByText("Ese artículo ya no existe: puede que se haya eliminado.")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/blog$/);
});

async function openedClose(page: import("@playwright/test").Page) {
  const editor = page.getByRole("dialog", { name: "Editar Artículo" });
  await editor.getByRole("button", { name: "Cerrar el editor" }).click();
  await expect(editor).toBeHidden();
}
