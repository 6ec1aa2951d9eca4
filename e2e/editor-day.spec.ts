import { axeViolations } from "./axe.ts";
import { expectContent, fillContent, openEditor, openNewArticle, unique } from "./admin-editor.ts";
import { expect, test } from "./fixtures.ts";
import { adminArticleCard, apiSuite, signedInAdminPage } from "./site-helpers.ts";

/**
 * An editor's day (docs/decisions/0450-article-trash.md, 0451): a new draft saves itself and
 * another device opens it; two tabs on one draft never lose either's text without saying so;
 * Ctrl+S saves; three drafts published at once; an article to the trash and back with its
 * history; the trash emptied after asking.
 */

test("a new draft saves itself: another device opens it; Ctrl+S saves; two tabs never lose each other's text", async ({
  adminPage: page,
  browser,
}) => {
  test.setTimeout(120_000);
  const title = unique("Se guarda solo");
  const editor = await openNewArticle(page);
  await editor.getByLabel("Título").fill(title);
  await editor.getByLabel("Extracto").fill("Un extracto escrito sin pulsar nada.");
  await fillContent(editor, "Escrito en el portátil.");
  // Saved without pressing anything: its address is now the article's.
  await expect(editor.getByTestId("save-status")).toHaveText(/^Guardado hace \d+ s$/, { timeout: 20_000 });
  await expect(page).toHaveURL(/\/admin\/blog\/\w+$/);
  const address = new URL(page.url()).pathname;

  // Another device, at the same address, opens what was typed.
  const other = await signedInAdminPage(browser);
  await other.page.goto(address);
  const there = other.page.getByRole("dialog", { name: "Editar Artículo" });
  await expect(there.getByLabel("Título")).toHaveValue(title);
  await expectContent(there, "Escrito en el portátil.");

  // Ctrl+S saves (and closes) from the text box.
  await fillContent(editor, "Escrito en el portátil. Y guardado con el teclado.");
  await page.keyboard.press("ControlOrMeta+s");
  await expect(editor).toBeHidden();
  await expect(page.getByText(`Se ha guardado «${title}».`)).toBeVisible();

  // Two tabs on one draft: the one behind is told, keeps its text, and chooses.
  const first = await openEditor(page, title);
  await fillContent(there, "La versión de la otra pestaña.");
  const conflict = there.getByRole("alert").filter({ hasText: "Este artículo se ha modificado en otro lugar." });
  await expect(conflict).toBeVisible({ timeout: 20_000 });
  await expect(there.getByText(/El guardado automático se ha detenido/)).toBeVisible();
  await expectContent(there, "La versión de la otra pestaña.");
  await conflict.getByRole("button", { name: "Guardar mis cambios encima" }).click();
  await expect(there).toBeHidden();
  // The first tab, still on the version before, is told in its turn, and keeps its own text.
  await fillContent(first, "La versión de la primera pestaña.");
  await expect(
    first.getByRole("alert").filter({ hasText: "Este artículo se ha modificado en otro lugar." }),
  ).toBeVisible({
    timeout: 20_000,
  });
  await expectContent(first, "La versión de la primera pestaña.");
  // Nothing was lost: the server has one text, its history the other.
  const history = first.getByRole("region", { name: "Historial" });
  await expect(history.getByRole("button", { name: /^Comparar la versión \d+$/ }).first()).toBeVisible();
  await other.context.close();
});

test("bulk publish of three drafts; one to the trash and back with its history; the trash emptied after asking", async ({
  adminPage: page,
}) => {
  test.setTimeout(120_000);
  const suite = apiSuite("lote", "10.49.0.1", { published: false });
  const request = page.request;
  // The second card's title takes several lines: its row is taller than the first card needs.
  const titles = ["uno", "dos con un titulo mucho mas largo que ocupa varias lineas en su tarjeta", "tres"].map(
    (n) => `Lote ${n} ${suite.run}`,
  );
  const long = "Un extracto largo que ocupa más de tres líneas en la tarjeta de la lista. ".repeat(6);
  const slugs = new Map<string, string>();
  for (const title of titles) slugs.set(title, (await suite.create(request, { title, excerpt: long })).slug);
  await page.reload();

  await page.getByLabel("Buscar por título").fill(suite.run);
  await expect(page.getByRole("list", { name: "Artículos" }).getByRole("listitem")).toHaveCount(3);
  // A long excerpt shows three lines and its ellipsis, never a fourth line under it.
  const excerpt = adminArticleCard(page, titles[0]!).locator("p.line-clamp-3");
  const lines = await excerpt.evaluate((p) => {
    const style = getComputedStyle(p);
    return {
      shown: p.getBoundingClientRect().height / parseFloat(style.lineHeight),
      cut: p.scrollHeight > p.clientHeight,
    };
  });
  expect(lines.cut).toBe(true);
  expect(lines.shown).toBeCloseTo(3, 1);
  const bar = page.getByRole("toolbar", { name: "Acciones con los artículos seleccionados" });
  await bar.getByLabel("Seleccionar todos los mostrados").check();
  await expect(bar).toContainText("3 seleccionados");
  await bar.getByRole("button", { name: "Publicar", exact: true }).click();
  await expect(page.getByText("3 artículos publicados.")).toBeVisible();
  for (const title of titles)
    await expect(adminArticleCard(page, title).getByTestId("article-status")).toHaveText("Publicado");
  const slug = (title: string) => slugs.get(title)!;
  for (const title of titles) expect((await request.get(`/api/articles/${slug(title)}`)).status()).toBe(200);

  // One to the trash, after the question; visitors no longer find it.
  const [, trashed, emptied] = titles as [string, string, string];
  await adminArticleCard(page, trashed).getByLabel(`Seleccionar «${trashed}»`).check();
  await bar.getByRole("button", { name: "Mover a la papelera" }).click();
  const ask = page.getByRole("alertdialog", { name: "¿Mover 1 artículo a la papelera?" });
  await ask.getByRole("button", { name: "Mover a la papelera" }).click();
  await expect(adminArticleCard(page, trashed)).toHaveCount(0);
  expect((await request.get(`/api/articles/${slug(trashed)}`)).status()).toBe(404);

  await page.getByRole("navigation").getByRole("link", { name: "Papelera" }).click();
  await expect(page).toHaveURL(/\/admin\/papelera$/);
  const inTrash = page.getByRole("list", { name: "Artículos en la papelera" }).getByRole("listitem");
  await expect(inTrash.filter({ hasText: trashed })).toContainText(/Se borrará el \d+ de \w+ de \d{4}/);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole("button", { name: `Restaurar «${trashed}»` }).click();
  await expect(page.getByText(`Se ha restaurado «${trashed}» como borrador.`)).toBeVisible();

  // Back, as a draft, with its history (the versions before the trash).
  await page.getByRole("navigation").getByRole("link", { name: "Artículos", exact: true }).click();
  await page.getByLabel("Buscar por título").fill(suite.run);
  await expect(adminArticleCard(page, trashed).getByTestId("article-status")).toHaveText("Borrador");
  const editor = await openEditor(page, trashed);
  const history = editor.getByRole("region", { name: "Historial" });
  await expect(history.getByRole("button", { name: "Comparar la versión 2" })).toBeVisible();
  await expect(history.getByRole("button", { name: "Comparar la versión 1" })).toBeVisible();
  await editor.getByRole("button", { name: "Cancelar" }).click();

  // Emptying the trash asks first; keeping keeps.
  await adminArticleCard(page, emptied)
    .getByRole("button", { name: `Eliminar «${emptied}»` })
    .click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Mover a la papelera" }).click();
  await page.getByRole("navigation").getByRole("link", { name: "Papelera" }).click();
  await page.getByRole("button", { name: "Vaciar la papelera" }).click();
  const empty = page.getByRole("alertdialog", { name: "¿Vaciar la papelera?" });
  await empty.getByRole("button", { name: "Conservar" }).click();
  await expect(inTrash.filter({ hasText: emptied })).toHaveCount(1);
  await page.getByRole("button", { name: "Vaciar la papelera" }).click();
  await empty.getByRole("button", { name: "Vaciar la papelera" }).click();
  await expect(page.getByText(/^Papelera vacía: \d+ artículos? borrados? definitivamente\.$/)).toBeVisible();
  await expect(page.getByText("La papelera está vacía.")).toBeVisible();
});
