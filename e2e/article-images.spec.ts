/// <reference lib="dom" />
// Callbacks given to page.evaluate run in the browser.
import type { Locator } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import sharp from "sharp";
import { baseSlugForTitle } from "@codcrm/core/article/slug";
import { hydrated } from "./site-helpers.ts";
import { openNewArticle, contentBox, expectContent, fillContent, SAVE_BUTTON } from "./admin-editor.ts";

/**
 * Article images end to end: in the admin a cover dropped on the editor and an inline image
 * pasted into the content are uploaded, checked and given alt texts; the published page
 * shows both with their text alternative and size, the cover eager, the inline one lazy,
 * and nothing moves while they load.
 */

const pngBase64 = async (width: number, height: number, colour: string) =>
  (
    await sharp({ create: { width, height, channels: 3, background: colour } })
      .png()
      .toBuffer()
  ).toString("base64");

/** Drops (or pastes) a PNG file on an element, as a browser does with a real file. */
async function sendFile(target: Locator, kind: "drop" | "paste", name: string, base64: string) {
  await target.evaluate(
    (element, { kind, name, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], name, { type: "image/png" }));
      const event =
        kind === "drop"
          ? new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true })
          : new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true });
      element.dispatchEvent(event);
    },
    { kind, name, base64 },
  );
}

test("a cover dropped and an image pasted are published with alt text, size and no layout shift", async ({
  adminPage: page,
}) => {
  const title = `Imágenes ${Date.now().toString(36)}`;
  const editor = await openNewArticle(page);
  await editor.getByLabel("Título").fill(title);
  await editor.getByLabel("Extracto").fill("Un artículo con imágenes.");
  const content = contentBox(editor);
  await fillContent(editor, "Primer párrafo.\n\n".repeat(30));

  // A text file named .png is refused in the browser already, naming the file and the reason.
  await sendFile(editor.getByTestId("cover-drop-zone"), "drop", "notas.png", btoa("solo texto, sin imagen"));
  await expect(editor.getByTestId("cover-upload-status")).toContainText("notas.png");
  await expect(editor.getByTestId("cover-upload-status")).toContainText("no es una imagen");

  await sendFile(editor.getByTestId("cover-drop-zone"), "drop", "portada.png", await pngBase64(1600, 900, "#2a6"));
  const coverAlt = editor.getByLabel("Texto alternativo de la portada");
  await expect(coverAlt).toBeFocused();
  await expect(editor.getByLabel("URL de la imagen")).toHaveValue(/^\/media\/[a-z0-9]+\/original\.png$/);
  await coverAlt.fill("Paquetes listos para el envío");

  // Pasted at the end of the content: inserted as ![](url), the caret in the empty alt.
  await content.press("ControlOrMeta+End");
  await sendFile(content, "paste", "etiqueta.png", await pngBase64(800, 600, "#c63"));
  await expectContent(editor, /!\[\]\(\/media\/[a-z0-9]+\/original\.png\)$/);
  await expect(content).toBeFocused();
  await page.keyboard.type("Etiqueta de envío");
  await expectContent(editor, /!\[Etiqueta de envío\]\(\/media\/[a-z0-9]+\/original\.png\)$/);

  await editor.getByLabel("Publicado").check();
  await editor.getByRole("button", { name: SAVE_BUTTON }).click();
  await expect(editor).toBeHidden();

  const slug = baseSlugForTitle(title);
  const reader = await page.context().newPage();
  // Every layout shift from the first paint on, summed as CLS counts them (without input).
  await reader.addInitScript(() => {
    (window as unknown as { __cls: number }).__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) (window as unknown as { __cls: number }).__cls += entry.value;
    }).observe({ type: "layout-shift", buffered: true });
  });
  await reader.goto(`/es/blog/${slug}`);
  await hydrated(reader);
  const cover = reader.getByRole("img", { name: "Paquetes listos para el envío" });
  await expect(cover).toHaveAttribute("width", "1600");
  await expect(cover).toHaveAttribute("height", "900");
  await expect(cover).toHaveAttribute("fetchpriority", "high");
  await expect(cover).not.toHaveAttribute("loading", "lazy");
  await expect(cover).toHaveAttribute("srcset", /w480\.webp 480w, .*w960\.webp 960w, .*w1600\.webp 1600w/);
  const inline = reader.getByRole("img", { name: "Etiqueta de envío" });
  await expect(inline).toHaveAttribute("loading", "lazy");
  await expect(inline).toHaveAttribute("width", "800");
  await expect(inline).toHaveAttribute("height", "600");
  await inline.scrollIntoViewIfNeeded();
  await expect
    .poll(() => inline.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await expect
    .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  const cls = await reader.evaluate(() => (window as unknown as { __cls: number }).__cls);
  expect(cls).toBeLessThan(0.01);
});

test("the cover's file picker shows the focus ring on its button when reached with the keyboard", async ({
  adminPage: page,
}) => {
  const editor = await openNewArticle(page);
  const button = editor.getByTestId("cover-file-button");
  const ring = () =>
    button.evaluate((label) => {
      const style = getComputedStyle(label);
      return `${style.outlineStyle} ${style.outlineWidth}`;
    });
  await expect(button).toBeVisible();
  expect(await ring()).toMatch(/^none /);

  // From the content, Tab reaches the (visually hidden) file input next; its button shows it.
  await contentBox(editor).focus();
  await page.keyboard.press("Tab");
  await expect(editor.locator('input[type="file"]')).toBeFocused();
  // The site's focus ring (app.css): 3px solid.
  await expect.poll(ring).toBe("solid 3px");

  await page.keyboard.press("Tab");
  await expect.poll(ring).toMatch(/^none /);
});
