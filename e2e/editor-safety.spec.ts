/// <reference lib="dom" />
import type { Page } from "@playwright/test";
import { axeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { adminArticleCard, adminToken, signedInAdminPage, signInOnForm } from "./site-helpers.ts";
import {
  openNewArticle,
  contentBox,
  createArticle,
  expectContent,
  fillContent,
  fillNewArticle,
  openEditor,
  type NewArticle,
  unique,
  SAVE_BUTTON,
} from "./admin-editor.ts";

/**
 * Nothing typed in the editor is lost (docs/decisions/0090-editor-keeps-typed-work.md), the
 * History panel and preview links, and the admin list's search and filters, in Chromium
 * against the local server.
 */

// One paragraph: the tests below read it back from the editor.
const CONTENT = "Primer párrafo del contenido.";
const fillNew = (page: Page, values: NewArticle) => fillNewArticle(page, { content: CONTENT, ...values });
const createDraft = (page: Page, values: NewArticle & { published?: boolean }) =>
  createArticle(page, { content: CONTENT, ...values });

test.describe("the editor keeps what is typed", () => {
  test("Escape, X, Cancel and a link in the app ask first; staying keeps the text", async ({ adminPage: page }) => {
    // An earlier page in this tab's history, for Back.
    await page.getByRole("link", { name: "Mensajes" }).click();
    await expect(page).toHaveURL(/\/admin\/mensajes$/);
    await page.getByRole("link", { name: "Artículos" }).click();
    await expect(page.getByRole("list", { name: "Artículos" })).toBeVisible();
    // No excerpt: an incomplete article stays in this browser (it saves itself once complete, decision 0451).
    const editor = await fillNew(page, { title: unique("No se pierde"), excerpt: "" });

    // From the text box the first Escape only lets Tab leave it (docs/decisions/0156-markdown-editor-on-codemirror.md).
    await expect(contentBox(editor)).toBeFocused();
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    const ask = page.getByRole("alertdialog", { name: "¿Descartar los cambios?" });
    await expect(ask).toBeVisible();
    await expect(ask.getByRole("button", { name: "Seguir editando" })).toBeFocused();
    // Escape on the question answers it ("keep editing"), not the editor underneath.
    await page.keyboard.press("Escape");
    await expect(ask).toBeHidden();
    await expectContent(editor, "Primer párrafo del contenido.");

    await editor.getByRole("button", { name: "Cerrar el editor" }).click();
    await ask.getByRole("button", { name: "Seguir editando" }).click();
    await editor.getByRole("button", { name: "Cancelar" }).click();
    await ask.getByRole("button", { name: "Seguir editando" }).click();
    await expect(editor).toBeVisible();

    // Back in the browser, inside the app, is held the same way.
    await page.goBack();
    await expect(ask).toBeVisible();
    await ask.getByRole("button", { name: "Seguir editando" }).click();
    await expect(page).toHaveURL(/\/admin\/blog\/nuevo$/);
    await expectContent(editor, "Primer párrafo del contenido.");

    await editor.getByRole("button", { name: "Cancelar" }).click();
    await ask.getByRole("button", { name: "Descartar y salir" }).click();
    await expect(editor).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    // Discarded: nothing is offered the next time.
    await page.getByRole("button", { name: "Nuevo Artículo" }).click();
    await expect(page.getByText(/Tienes cambios sin guardar del/)).toHaveCount(0);
  });

  test("a reload mid-edit asks, and the editor, open again at its address, offers the text back", async ({
    adminPage: page,
  }) => {
    const title = unique("Recarga");
    const editor = await fillNew(page, { title, excerpt: "", content: "Lo que escribí antes de recargar." });
    await expect(editor.getByTestId("save-status")).toHaveText("Cambios sin guardar");

    const prompts: string[] = [];
    page.on("dialog", (dialog) => {
      prompts.push(dialog.type());
      void dialog.accept();
    });
    await page.reload();
    expect(prompts).toEqual(["beforeunload"]);
    await expect(page).toHaveURL(/\/admin\/blog\/nuevo$/);
    const reopened = page.getByRole("dialog", { name: "Nuevo Artículo" });
    await expect(reopened.getByText(/^Tienes cambios sin guardar del .+\.$/)).toBeVisible();
    await expect(reopened.getByLabel("Título")).toHaveValue("");
    await reopened.getByRole("button", { name: "Recuperar" }).click();
    await expect(reopened.getByLabel("Título")).toHaveValue(title);
    await expectContent(reopened, "Lo que escribí antes de recargar.");

    // Saved: the copy is gone.
    await reopened.getByLabel("Extracto").fill("Un extracto para la prueba.");
    await reopened.getByRole("button", { name: SAVE_BUTTON }).click();
    await expect(adminArticleCard(page, title)).toBeVisible();
    await page.getByRole("button", { name: "Nuevo Artículo" }).click();
    await expect(page.getByText(/Tienes cambios sin guardar del/)).toHaveCount(0);
  });

  test("a draft saves itself; a preview link shows it to someone not signed in; History compares and restores", async ({
    adminPage: page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const title = unique("Autoguardado");
    await createDraft(page, { title, content: "El envío llega el lunes." });
    let editor = await openEditor(page, title);
    const history = editor.getByRole("region", { name: "Historial" });
    await expect(history.getByText("Versión 1")).toHaveCount(0);
    await fillContent(editor, "El envío llega el martes sin coste.");
    await expect(editor.getByTestId("save-status")).toHaveText("Cambios sin guardar");
    await expect(editor.getByTestId("save-status")).toHaveText(/^Guardado hace \d+ s$/, { timeout: 20_000 });

    // The link opens the saved draft in a browser that never signed in.
    await editor.getByRole("button", { name: "Crear enlace de vista previa" }).click();
    const link = editor.getByLabel("Enlace de vista previa");
    await expect(link).toHaveValue(/\/es\/blog\/preview\//);
    await expect(editor.getByText(/^Caduca el /)).toBeVisible();
    const stranger = await browser.newContext();
    const visitor = await stranger.newPage();
    await visitor.goto(await link.inputValue());
    await expect(visitor.getByText("El envío llega el martes sin coste.")).toBeVisible();
    await stranger.close();

    // History: version 1 (as created) against the current text, then restored.
    await history.getByRole("button", { name: "Comparar la versión 1" }).click();
    const differences = editor.getByRole("region", { name: "Diferencias entre la versión 1 y el texto actual" });
    await expect(differences.locator("del")).toHaveText("eliminado: lunes");
    await expect(differences.locator("ins")).toHaveText("añadido: martes sin coste");
    await differences.getByRole("button", { name: "Restaurar la versión 1" }).click();
    await expect(editor.getByText("Versión 1 restaurada.")).toBeVisible();
    await expectContent(editor, "El envío llega el lunes.");

    // Restoring from a stale editor is refused, not applied over the newer version.
    const second = await page.context().newPage();
    await second.goto("/admin/blog");
    editor = await openEditor(second, title);
    await page.getByRole("dialog", { name: "Editar Artículo" }).getByRole("button", { name: "Cancelar" }).click();
    await openEditor(page, title);
    await page
      .getByRole("dialog", { name: "Editar Artículo" })
      .getByRole("button", { name: /^Comparar la versión \d+$/ })
      .first()
      .click();
    await page
      .getByRole("dialog", { name: "Editar Artículo" })
      .getByRole("button", { name: /^Restaurar la versión \d+$/ })
      .click();
    await expect(page.getByText(/^Versión \d+ restaurada\.$/)).toBeVisible();
    await editor.getByRole("button", { name: "Comparar la versión 1" }).click();
    await editor.getByRole("button", { name: "Restaurar la versión 1" }).click();
    await expect(editor.getByRole("alert")).toHaveText(/ha cambiado en otra sesión/);
  });

  test("a session that ends mid-edit loses nothing: after signing in again the text is offered back", async ({
    browser,
  }) => {
    const { context, page } = await signedInAdminPage(browser, { ownSession: true });
    const title = unique("Sesión caducada");
    const editor = await fillNew(page, { title, excerpt: "", content: "Escrito antes de que caducara la sesión." });
    await expect(editor.getByTestId("save-status")).toHaveText("Cambios sin guardar");

    // The session ends on the server (as when it expires or is ended from another browser).
    expect((await page.request.post("/api/auth/logout", { headers: { "x-codcrm-csrf": "1" } })).ok()).toBe(true);
    // Complete only now, and saved at once: no autosave reaches the server before "Guardar" does.
    await editor.getByLabel("Extracto").fill("Un extracto para la prueba.");
    await editor.getByRole("button", { name: SAVE_BUTTON }).click();
    await expect(page).toHaveURL(/\/admin\/login/);
    await expect(page.getByText("Tu sesión ha caducado. Vuelve a iniciar sesión para continuar.")).toBeVisible();

    await signInOnForm(page);
    // Back where the administrator was: the new article's editor, which offers the text back.
    await expect(page).toHaveURL(/\/admin\/blog\/nuevo$/);
    const reopened = page.getByRole("dialog", { name: "Nuevo Artículo" });
    await expect(reopened.getByText(/^Tienes cambios sin guardar del .+\.$/)).toBeVisible();
    await reopened.getByRole("button", { name: "Recuperar" }).click();
    await expect(reopened.getByLabel("Título")).toHaveValue(title);
    await expectContent(reopened, "Escrito antes de que caducara la sesión.");
    await context.close();
  });

  test("a published article's edits save themselves as pending changes; visitors see them after Actualizar", async ({
    adminPage: page,
    browser,
  }) => {
    const title = unique("Publicado con cambios");
    await createDraft(page, { title, published: true });
    const editor = await openEditor(page, title);
    await fillContent(editor, "Un cambio que aún no se publica.");
    await expect(editor.getByTestId("save-status")).toHaveText(/^Cambios sin publicar guardados hace \d+ s$/, {
      timeout: 20_000,
    });
    await expect(editor.getByTestId("save-hint")).toHaveText("Los cambios se publican al pulsar Actualizar.");
    const slug = (
      (await await page.request
        .get(`/api/admin/articles?q=${encodeURIComponent(title)}`, {
          headers: { authorization: `Bearer ${adminToken()}` },
        })
        .then((r) => r.json())) as { articles: { slug: string }[] }
    ).articles[0]!.slug;
    const publicText = async () =>
      ((await (await page.request.get(`/api/articles/${slug}`)).json()) as { article: { content: string } }).article
        .content;
    expect(await publicText()).toBe("Primer párrafo del contenido.");

    // Another device opens the article with the changes, not the published text.
    const elsewhere = await signedInAdminPage(browser);
    const there = await openEditor(elsewhere.page, title);
    await expectContent(there, "Un cambio que aún no se publica.");
    await elsewhere.context.close();

    await editor.getByRole("button", { name: "Actualizar" }).click();
    await expect(editor).toBeHidden();
    await expect.poll(publicText).toBe("Un cambio que aún no se publica.");
  });
});

test("the admin list: search by title, filters and order kept in the address", async ({ adminPage: page }) => {
  const word = unique("Buscable").split(" ")[1]!;
  const published = `Publicado ${word}`;
  const draft = `Borrador ${word}`;
  await createDraft(page, { title: published, published: true });
  await createDraft(page, { title: draft });

  await page.getByLabel("Buscar por título").fill(word.toUpperCase());
  await expect(page).toHaveURL(new RegExp(`[?&]q=${word.toUpperCase()}`));
  await expect(page.getByRole("list", { name: "Artículos" }).getByRole("listitem")).toHaveCount(2);
  await expect(adminArticleCard(page, published).getByText(/^Visitas: \d+$/)).toBeVisible();
  await expect(adminArticleCard(page, published).getByText(/^Modificado: /)).toBeVisible();

  await page.getByLabel("Estado").selectOption("draft");
  await expect(page).toHaveURL(/[?&]estado=draft/);
  await expect(page.getByRole("list", { name: "Artículos" }).getByRole("listitem")).toHaveCount(1);
  await expect(adminArticleCard(page, draft).getByTestId("article-status")).toHaveText("Borrador");

  // A reload keeps the search and the filter.
  await page.reload();
  await expect(page.getByLabel("Buscar por título")).toHaveValue(word.toUpperCase());
  await expect(page.getByLabel("Estado")).toHaveValue("draft");
  await expect(page.getByRole("list", { name: "Artículos" }).getByRole("listitem")).toHaveCount(1);

  await page.getByLabel("Estado").selectOption("published");
  await expect(adminArticleCard(page, published)).toBeVisible();
  await expect(adminArticleCard(page, draft)).toHaveCount(0);
  await page.getByLabel("Idioma").selectOption("pt");
  await expect(page.getByText("Ningún artículo coincide con la búsqueda o los filtros.")).toBeVisible();
});

test("a refused save focuses the error summary, its link focuses the field, and axe finds nothing", async ({
  adminPage: page,
}) => {
  const editor = await openNewArticle(page);
  await editor.getByLabel("Título").fill(unique("Resumen de errores"));
  await editor.getByRole("button", { name: SAVE_BUTTON }).click();

  const summary = editor.getByTestId("error-summary");
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("heading")).toHaveText("El artículo no se ha guardado: revisa estos campos");
  await expect(summary.getByRole("link")).toHaveText([
    "Extracto: Este campo es obligatorio.",
    "Contenido: Este campo es obligatorio.",
  ]);
  expect(await axeViolations(page, { include: "dialog" })).toEqual([]);

  // One Tab to the first problem, Enter to its field.
  await page.keyboard.press("Tab");
  await expect(summary.getByRole("link").first()).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(editor.getByLabel("Extracto")).toBeFocused();
  await expect(editor.getByLabel("Extracto")).toBeInViewport();
  // The content's link reaches its CodeMirror text box, which takes the typing.
  await summary.getByRole("link", { name: "Contenido: Este campo es obligatorio." }).click();
  await expect(contentBox(editor)).toBeFocused();
  await page.keyboard.type("Texto escrito tras el enlace.");
  await expectContent(editor, "Texto escrito tras el enlace.");
});
