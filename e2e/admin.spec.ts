/// <reference lib="dom" />
// Callbacks given to page.evaluate run in the browser.
import type { Browser, Page } from "@playwright/test";
import { axeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from "../playwright.config.ts";
import {
  adminArticleCard,
  answerQuestion,
  hydrated,
  newClientContext,
  signedInAdminPage,
  signInAsAdmin,
  signInOnForm,
} from "./site-helpers.ts";

/**
 * An address of no account, each test its own: wrong passwords tried at it lock the client,
 * never the owner's account (an account has five attempts per window of its own).
 */
let strangers = 0;
const stranger = () => `nadie-${Date.now().toString(36)}-${++strangers}@codcrm.test`;
import sharp from "sharp";
import {
  openNewArticle,
  contentBox,
  createArticle,
  expectContent,
  fillContent,
  fillNewArticle,
  openEditor,
  unique,
  SAVE_BUTTON,
} from "./admin-editor.ts";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#2a6" } })
    .png()
    .toBuffer();

/**
 * The blog administration in Chromium against the local server (real handlers, in-memory
 * store with the demo seed). Login throttling is per client address, so every context acts
 * as its own client through `CloudFront-Viewer-Address`.
 */

// Every test has its own data (a unique title, a lead of its own, a client address of its own
// for the login limits) or the run's shared session, which none of them revokes: they need not
// run one after another in one worker, and spread over both (docs/testing.md).
test.describe.configure({ mode: "parallel" });

interface PublicArticle {
  id: string;
  slug: string;
  title: string;
  content: string;
  published: boolean;
}

async function publicTitles(page: Page): Promise<string[]> {
  const response = await page.request.get("/api/articles", { headers: { "cache-control": "no-cache" } });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { articles: PublicArticle[] };
  return body.articles.map((article) => article.title);
}

async function adminArticle(page: Page, title: string): Promise<PublicArticle> {
  // The page's own session: its cookie goes with the context's requests.
  const response = await page.request.get("/api/admin/articles");
  const { articles } = (await response.json()) as { articles: PublicArticle[] };
  const article = articles.find((item) => item.title === title);
  if (!article) throw new Error(`No article titled ${title}`);
  return article;
}

/**
 * Two tabs of one signed-in browser on a new article (`content` when given): the first on the
 * page the article was created from, the second on the admin's list.
 */
async function twoTabsOnNewArticle(browser: Browser, titled: string, content?: string) {
  const context = await newClientContext(browser);
  const first = await context.newPage();
  await signInAsAdmin(first);
  const title = unique(titled);
  await createArticle(first, content === undefined ? { title } : { title, content });
  const second = await context.newPage();
  await second.goto("/admin/blog");
  return { context, first, second, title };
}

/** A visitor's contact request (its name unique), then the administrator signed in on the same page. */
async function signedInAfterContact(browser: Browser, named: string, email: string, message: string) {
  const context = await newClientContext(browser);
  const page = await context.newPage();
  const name = unique(named);
  const sent = await page.request.post("/api/contact", {
    data: { kind: "contact", name, email, message, language: "es" },
  });
  expect(sent.status()).toBe(201);
  await signInAsAdmin(page);
  return { context, page, name };
}

test.describe("login", () => {
  test("a wrong password says 'Contraseña incorrecta' under the field", async ({ browser }) => {
    const context = await newClientContext(browser);
    const page = await context.newPage();
    await page.goto("/admin/login");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await page.getByLabel("Correo electrónico").fill(stranger());
    await page.getByLabel("Contraseña").fill("not-the-password");
    await page.getByRole("button", { name: "Acceder" }).click();
    const field = page.getByLabel("Contraseña");
    await expect(page.getByText("Correo o contraseña incorrectos", { exact: true })).toBeVisible();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription("Correo o contraseña incorrectos");
    await expect(page).toHaveURL(/\/admin\/login$/);

    // An empty password never reaches the server: the shared schema says it is required.
    await field.fill("");
    await page.getByRole("button", { name: "Acceder" }).click();
    await expect(page.getByText("Este campo es obligatorio.")).toBeVisible();
    await context.close();
  });

  test("the sixth wrong try is refused with the time left to wait", async ({ browser }) => {
    const context = await newClientContext(browser);
    const page = await context.newPage();
    await page.goto("/admin/login");
    await page.getByLabel("Correo electrónico").fill(stranger());
    const field = page.getByLabel("Contraseña");
    const submit = page.getByRole("button", { name: "Acceder" });
    for (let attempt = 1; attempt <= 5; attempt++) {
      await field.fill(`wrong-${attempt}`);
      await submit.click();
      await expect(page.getByText("Correo o contraseña incorrectos", { exact: true })).toBeVisible();
    }
    await field.fill("wrong-6");
    await submit.click();
    // Locked out for the rest of the 15-minute window; the form cannot be sent meanwhile.
    const wait = page.getByRole("alert").filter({ hasText: "Demasiados intentos fallidos" });
    await expect(wait).toBeVisible();
    await expect(wait).toHaveText(/dentro de 1[45] min \d+ s/);
    await expect(submit).toBeDisabled();
    // The server refuses even the right password from this client until the window ends.
    const direct = await page.request.post("/api/auth/login", {
      data: { email: E2E_ADMIN_EMAIL, password: E2E_ADMIN_PASSWORD },
    });
    expect(direct.status()).toBe(429);
    expect(Number(direct.headers()["retry-after"])).toBeGreaterThan(60);
    await context.close();
  });

  test("goes to /admin/blog by default, replacing history, and keeps no token where scripts read", async ({
    browser,
  }) => {
    const context = await newClientContext(browser);
    const page = await context.newPage();
    await page.goto("/es");
    await page.goto("/admin/login");
    await signInOnForm(page);
    await expect(page).toHaveURL(/\/admin\/blog$/);
    await expect(page.getByText("Bienvenido, Laura")).toBeVisible();
    // The session is an HttpOnly cookie: nothing in storage, nothing in document.cookie.
    const readable = await page.evaluate(() => ({
      local: Object.keys(localStorage).filter((key) => key !== "language"),
      // "visit" is what brought the visitor (decision 0402), kept by the public page before.
      session: Object.keys(sessionStorage).filter((key) => key !== "visit"),
      cookies: document.cookie,
    }));
    expect(readable).toEqual({ local: [], session: [], cookies: expect.not.stringContaining("codcrm_session") });
    const cookie = (await context.cookies()).find((item) => item.name === "codcrm_session");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/api" });
    // The login page was replaced: back leaves the admin area.
    await page.goBack();
    await expect(page).toHaveURL(/\/es$/);
    await context.close();
  });

  test("the guard sends to the login with the origin, and the login returns there", async ({ browser }) => {
    const context = await newClientContext(browser);
    const page = await context.newPage();
    await page.goto("/es");
    await page.goto("/admin/mensajes");
    await expect(page).toHaveURL(/\/admin\/login$/);
    await signInOnForm(page);
    await expect(page).toHaveURL(/\/admin\/mensajes$/);
    await expect(page.getByRole("heading", { name: "Mensajes", level: 1 })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/es$/);

    // /admin is the way in: signed in, it goes on to the articles.
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/blog$/);
    await context.close();
  });

  test("/admin and /admin/blog lead to the login when signed out", async ({ browser }) => {
    const context = await newClientContext(browser);
    const page = await context.newPage();
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.goto("/admin/blog");
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole("button", { name: "Acceder" })).toBeVisible();
    await context.close();
  });

  test("the admin stays in Spanish and leaves the stored language alone", async ({ browser }) => {
    const context = await newClientContext(browser);
    const page = await context.newPage();
    await page.goto("/en");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    // A language the visitor chose in the selector (docs/decisions/0404-language-kept-only-when-chosen.md).
    await hydrated(page);
    await page.evaluate(() => localStorage.setItem("language", "en"));
    await page.goto("/admin/login");
    await expect(page.getByRole("button", { name: "Acceder" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("en");
    await context.close();
  });
});

test.describe("session", () => {
  test("'Cerrar sesión' ends the session on the server and guards the pages again", async ({ browser }) => {
    const { context, page } = await signedInAdminPage(browser, { ownSession: true });
    const session = (await context.cookies()).find((cookie) => cookie.name === "codcrm_session")!;
    await page.getByRole("button", { name: "Cerrar sesión" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.goto("/admin/blog");
    await expect(page).toHaveURL(/\/admin\/login$/);
    // A copy of the cookie opens nothing any more.
    const copy = await page.request.get("/api/admin/articles", {
      headers: { cookie: `codcrm_session=${session.value}` },
    });
    expect(copy.status()).toBe(401);
    await context.close();
  });

  test("a session the API no longer knows signs out and the login returns to the page", async ({ browser }) => {
    const { context, page } = await signedInAdminPage(browser, { ownSession: true });
    await page.getByRole("link", { name: "Mensajes" }).click();
    await expect(page).toHaveURL(/\/admin\/mensajes$/);
    // A cookie of the right shape that this server never issued (or whose time is up).
    await context.addCookies([
      {
        name: "codcrm_session",
        value: "A".repeat(43),
        domain: "localhost",
        path: "/api",
        httpOnly: true,
        sameSite: "Strict",
      },
    ]);
    await page.reload();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByText("Tu sesión ha caducado")).toBeVisible();
    await signInOnForm(page);
    await expect(page).toHaveURL(/\/admin\/mensajes$/);
    await context.close();
  });
});

test.describe("articles", () => {
  test("a draft stays off the public blog; publishing puts it there; a new title keeps the old URL working", async ({
    adminPage: page,
  }) => {
    const title = unique("Borrador de prueba");
    await createArticle(page, { title });
    await expect(adminArticleCard(page, title).getByText("Borrador", { exact: true })).toBeVisible();
    const draft = await adminArticle(page, title);
    expect(await publicTitles(page)).not.toContain(title);
    expect((await page.request.get(`/api/articles/${draft.slug}`)).status()).toBe(404);

    let editor = await openEditor(page, title);
    await expect(editor.getByLabel("Título")).toHaveValue(title);
    await editor.getByLabel("Publicado").check();
    await editor.getByRole("button", { name: SAVE_BUTTON }).click();
    await expect(editor).toBeHidden();
    await expect(adminArticleCard(page, title).getByText("Publicado", { exact: true })).toBeVisible();
    expect(await publicTitles(page)).toContain(title);
    const published = await page.request.get(`/api/articles/${draft.slug}`);
    expect(published.status()).toBe(200);

    const renamed = unique("Titulo renombrado");
    editor = await openEditor(page, title);
    await editor.getByLabel("Título").fill(renamed);
    // The live preview follows the title with the shared slug rule.
    await expect(editor.getByTestId("preview-slug")).toHaveText(
      `/es/blog/${renamed.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`,
    );
    await editor.getByRole("button", { name: SAVE_BUTTON }).click();
    await expect(editor).toBeHidden();
    await expect(adminArticleCard(page, renamed)).toBeVisible();
    const after = await adminArticle(page, renamed);
    expect(after.id).toBe(draft.id);
    expect(after.slug).not.toBe(draft.slug);
    for (const slug of [after.slug, draft.slug]) {
      const response = await page.request.get(`/api/articles/${slug}`);
      expect(response.status(), slug).toBe(200);
      expect(((await response.json()) as { article: PublicArticle }).article.id).toBe(draft.id);
    }
  });

  test("the editor shows the shared schema's message under each field", async ({ adminPage: page }) => {
    const editor = await openNewArticle(page);
    await expect(editor.getByLabel("Extracto")).toHaveAttribute("rows", "3");
    // The text box is as tall as the textarea of 16 lines it replaced, and multi-line for assistive technology.
    const box = contentBox(editor);
    await expect(box).toHaveAttribute("aria-multiline", "true");
    expect((await box.boundingBox())!.height).toBeGreaterThanOrEqual(16 * 24);
    await editor.getByRole("button", { name: SAVE_BUTTON }).click();
    for (const label of ["Título", "Extracto"]) {
      await expect(editor.getByLabel(label)).toHaveAccessibleDescription("Este campo es obligatorio.");
    }
    // The content's description is its Markdown hint, then the error.
    await expect(editor.getByLabel("Contenido")).toHaveAccessibleDescription(
      /^Markdown: .*Este campo es obligatorio\.$/,
    );
    await expect(editor.getByLabel("URL de la imagen")).not.toHaveAttribute("aria-invalid", "true");

    await editor.getByLabel("Título").fill("x".repeat(201));
    await editor.getByLabel("Extracto").fill("Extracto");
    await fillContent(editor, "Contenido");
    await editor.getByLabel("URL de la imagen").fill("no es una url");
    for (const name of ["Uno", "Dos", "Tres", "Cuatro", "Cinco", "Seis"]) {
      await editor.getByPlaceholder("Nueva categoría").fill(`Categoría ${name}`);
      await editor.getByRole("button", { name: "Añadir", exact: true }).click();
    }
    for (const builtIn of ["Gestión de pedidos", "Automatización", "Integraciones", "Tutoriales", "Noticias"])
      await editor.getByLabel(builtIn).check();
    await editor.getByRole("button", { name: SAVE_BUTTON }).click();
    await expect(editor.getByLabel("Título")).toHaveAccessibleDescription("El texto es demasiado largo.");
    await expect(editor.getByLabel("URL de la imagen")).toHaveAccessibleDescription(
      /Introduce una dirección web válida/,
    );
    // Under the field; the error summary says it too, after the field's label.
    await expect(editor.getByText("Hay demasiados elementos.", { exact: true })).toBeVisible();
    await expect(editor.getByLabel("Extracto")).not.toHaveAttribute("aria-invalid", "true");

    // Nothing was sent: the dialog is still open with what was typed.
    await expect(editor).toBeVisible();
    await expect(editor.getByLabel("URL de la imagen")).toHaveValue("no es una url");
  });

  test("the live preview shows the meta fields and reading time", async ({ adminPage: page }) => {
    // 401 words: three minutes at 200 words a minute.
    const content = Array.from({ length: 401 }, () => "palabra").join(" ");
    // The description comes from the excerpt, cut at a word within 160 characters, the ellipsis
    // included (docs/decisions/0150-descriptions-from-the-excerpt.md): 20 words of 7 letters.
    const excerpt = Array.from({ length: 40 }, () => "palabra").join(" ");
    const editor = await fillNewArticle(page, { title: "Envíos Contra Reembolso: guía", content, excerpt });
    await expect(editor.getByTestId("preview-slug")).toHaveText("/es/blog/envios-contra-reembolso-guia");
    await expect(editor.getByTestId("preview-meta-title")).toHaveText("Envíos Contra Reembolso: guía | Blog CodCRM");
    await expect(editor.getByTestId("preview-meta-description")).toHaveText(`${excerpt.slice(0, 159)}…`);
    await expect(editor.getByTestId("preview-reading-time")).toHaveText("3 min de lectura");
    await expect(editor.getByTestId("content-stats")).toHaveText("Palabras: 401 · 3 min de lectura");
    // Escape with unsaved text asks first; discarding closes the editor. In the text box the first
    // Escape only lets Tab leave it (docs/decisions/0156-markdown-editor-on-codemirror.md): twice closes.
    await expect(contentBox(editor)).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("alertdialog", { name: "¿Descartar los cambios?" })).toBeHidden();
    await page.keyboard.press("Escape");
    await answerQuestion(page, "¿Descartar los cambios?", "Descartar y salir");
    await expect(editor).toBeHidden();
    // An untouched editor closes at once, by its X as by Cancelar.
    for (const close of ["Cerrar el editor", "Cancelar"]) {
      await page.getByRole("button", { name: "Nuevo Artículo" }).click();
      await page.getByRole("dialog", { name: "Nuevo Artículo" }).getByRole("button", { name: close }).click();
      await expect(editor).toBeHidden();
    }
  });

  test("writes Markdown with the toolbar and shortcuts, previews it beside the text or in a tab, and publishes its HTML", async ({
    browser,
  }) => {
    test.setTimeout(240_000); // many edits, two layouts and a publish, on a shared machine
    const context = await newClientContext(browser);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1400, height: 1000 });
    await signInAsAdmin(page);
    const title = unique("Artículo en Markdown");
    const editor = await fillNewArticle(page, { title, content: "Introducción del artículo." });
    const content = contentBox(editor);
    const preview = editor.getByTestId("content-preview");
    await expect(content).toBeVisible();
    await expect(preview).toBeVisible();
    await expect(editor.getByRole("button", { name: "Vista previa" })).toBeHidden();

    await content.press("Control+End");
    await page.keyboard.press("Enter");
    await editor.getByRole("button", { name: "Encabezado" }).click();
    await page.keyboard.insertText("Primer paso");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Control+b");
    await page.keyboard.insertText("importante");
    await page.keyboard.press("End");
    await page.keyboard.insertText(" y ");
    await page.keyboard.press("Control+k");
    await page.keyboard.insertText("https://example.com");
    await page.keyboard.press("End");
    await page.keyboard.insertText(" ");
    await page.keyboard.press("Control+i");
    await page.keyboard.insertText("fin");
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    // The Image button uploads a file first, then selects its alt text to type over.
    const chooser = page.waitForEvent("filechooser");
    await editor.getByRole("button", { name: "Imagen", exact: true }).click();
    await (await chooser).setFiles({ name: "panel.png", mimeType: "image/png", buffer: await png(320, 200) });
    await expectContent(editor, /!\[texto alternativo\]\(\/media\/[a-z0-9]+\/original\.png\)$/);
    await page.keyboard.insertText("Panel de pedidos");
    // The image's line wraps in the column, where End stops at the visual line's end: go to the text's end.
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.press("Enter");
    await editor.getByRole("button", { name: "Lista" }).click();
    await page.keyboard.insertText("uno");
    // Enter goes on with the list; Enter on its empty item ends it.
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await editor.getByRole("button", { name: "Cita" }).click();
    await page.keyboard.insertText("una cita");
    await expectContent(
      editor,
      new RegExp(
        `^${escapeRegExp(
          [
            "Introducción del artículo.",
            "## Primer paso",
            "**importante** y [texto del enlace](https://example.com) *fin*",
            "![Panel de pedidos](",
          ].join("\n"),
        )}/media/[a-z0-9]+/original\\.png\\)\n- uno\n\n> una cita$`,
      ),
    );

    // The preview is core's rendering, as it will be saved.
    await expect(preview.locator("h2#primer-paso")).toHaveText("Primer paso");
    await expect(preview.locator("strong")).toHaveText("importante");
    await expect(preview.locator("em")).toHaveText("fin");
    await expect(preview.locator('a[href="https://example.com"]')).toHaveAttribute("rel", "noopener noreferrer");
    await expect(preview.getByRole("img", { name: "Panel de pedidos" })).toBeAttached();
    await expect(preview.locator("ul > li")).toHaveText("uno");
    await expect(preview.locator("blockquote")).toHaveText("una cita");
    await expect(editor.getByTestId("content-stats")).toHaveText("Palabras: 17 · 1 min de lectura");
    expect(await axeViolations(page, { include: "dialog" })).toEqual([]);

    // On a phone the text and the preview take turns.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(content).toBeVisible();
    await expect(preview).toBeHidden();
    await editor.getByRole("button", { name: "Vista previa" }).click();
    await expect(preview).toBeVisible();
    await expect(content).toBeHidden();
    await editor.getByRole("button", { name: "Escribir" }).click();
    await expect(content).toBeVisible();

    await page.setViewportSize({ width: 1400, height: 1000 });
    await editor.getByLabel("Publicado").check();
    await editor.getByRole("button", { name: SAVE_BUTTON }).click();
    await expect(editor).toBeHidden();
    const saved = await adminArticle(page, title);
    await page.goto(`/es/blog/${saved.slug}`);
    const body = page.locator("article .article-content");
    await expect(body.locator("h2#primer-paso")).toHaveText("Primer paso");
    await expect(body.locator("strong")).toHaveText("importante");
    await expect(body.locator("blockquote")).toHaveText("una cita");
    await context.close();
  });

  test("'Guardando...' with the button disabled while the save is under way", async ({ adminPage: page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // Hold the real request back until the state has been seen, then let it through.
    await page.route("**/api/admin/articles", async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    const title = unique("Guardado lento");
    const editor = await fillNewArticle(page, { title });
    await editor.getByRole("button", { name: SAVE_BUTTON }).click();
    const saving = editor.getByRole("button", { name: "Guardando..." });
    await expect(saving).toBeVisible();
    await expect(saving).toBeDisabled();
    release();
    await expect(editor).toBeHidden();
    await expect(adminArticleCard(page, title)).toBeVisible();
  });

  test("delete asks first in the site's own dialog: keeping it keeps the article, confirming moves it to the trash", async ({
    adminPage: page,
  }) => {
    const title = unique("Para borrar");
    await createArticle(page, { title });
    // No question of the browser's own is ever asked (decision 0450).
    const native: string[] = [];
    page.on("dialog", (dialog) => {
      native.push(dialog.message());
      void dialog.dismiss();
    });
    await adminArticleCard(page, title)
      .getByRole("button", { name: `Eliminar «${title}»` })
      .click();
    const ask = page.getByRole("alertdialog", { name: `¿Eliminar «${title}»?` });
    await expect(ask).toContainText("¿Estás seguro de que quieres eliminar este artículo?");
    await expect(ask.getByRole("button", { name: "Conservar" })).toBeFocused();
    await ask.getByRole("button", { name: "Conservar" }).click();
    await expect(adminArticleCard(page, title)).toBeVisible();
    await page.reload();
    await expect(adminArticleCard(page, title)).toBeVisible();

    await adminArticleCard(page, title)
      .getByRole("button", { name: `Eliminar «${title}»` })
      .click();
    await ask.getByRole("button", { name: "Mover a la papelera" }).click();
    await expect(adminArticleCard(page, title)).toHaveCount(0);
    await expect(page.getByText(`Se ha movido «${title}» a la papelera.`)).toBeVisible();
    await page.reload();
    await expect(page.getByRole("list", { name: "Artículos" })).toBeVisible();
    await expect(adminArticleCard(page, title)).toHaveCount(0);
    expect(native).toEqual([]);
  });

  test("two tabs on one article: the second save gets the conflict and loses nothing", async ({ browser }) => {
    const { context, first, second, title } = await twoTabsOnNewArticle(
      browser,
      "Editado a la vez",
      "Contenido original.",
    );

    const editorA = await openEditor(first, title);
    const editorB = await openEditor(second, title);
    await fillContent(editorA, "Cambio de la primera pestaña.");
    await editorA.getByRole("button", { name: SAVE_BUTTON }).click();
    await expect(editorA).toBeHidden();

    const logged: string[] = [];
    second.on("console", (message) => {
      if (message.type() === "error") logged.push(message.text());
    });
    await editorB.getByLabel("Extracto").fill("Extracto de la segunda pestaña.");
    await fillContent(editorB, "Cambio de la segunda pestaña.");
    await editorB.getByRole("button", { name: SAVE_BUTTON }).click();
    const conflict = editorB.getByRole("alert").filter({ hasText: "Este artículo se ha modificado en otro lugar." });
    await expect(conflict).toBeVisible();
    expect(logged.some((line) => line.includes("Error al guardar el artículo"))).toBe(true);
    await expectContent(editorB, "Cambio de la segunda pestaña.");

    // Loading the current version asks first, in the site's dialog; staying keeps everything typed.
    await conflict.getByRole("button", { name: "Cargar la versión actual" }).click();
    await answerQuestion(second, "¿Cargar la versión actual?", "Seguir editando");
    await expectContent(editorB, "Cambio de la segunda pestaña.");
    await expect(editorB.getByLabel("Extracto")).toHaveValue("Extracto de la segunda pestaña.");

    // Choosing to save over it, knowingly.
    await conflict.getByRole("button", { name: "Guardar mis cambios encima" }).click();
    await expect(editorB).toBeHidden();
    expect((await adminArticle(second, title)).content).toBe("Cambio de la segunda pestaña.");
    await context.close();
  });

  test("the conflict can also load the current version when the administrator agrees", async ({ browser }) => {
    const { context, first, second, title } = await twoTabsOnNewArticle(browser, "Recargar versión");
    const editorA = await openEditor(first, title);
    const editorB = await openEditor(second, title);
    await fillContent(editorA, "Versión guardada en la otra pestaña.");
    await editorA.getByRole("button", { name: SAVE_BUTTON }).click();
    await expect(editorA).toBeHidden();
    await fillContent(editorB, "Se descartará.");
    await editorB.getByRole("button", { name: SAVE_BUTTON }).click();
    await editorB.getByRole("button", { name: "Cargar la versión actual" }).click();
    await answerQuestion(second, "¿Cargar la versión actual?", "Cargar la versión actual");
    await expectContent(editorB, "Versión guardada en la otra pestaña.");
    await editorB.getByLabel("Extracto").fill("Extracto tras recargar.");
    await editorB.getByRole("button", { name: SAVE_BUTTON }).click();
    await expect(editorB).toBeHidden();
    await context.close();
  });

  test("save and delete failures are shown and logged; the form keeps what was typed", async ({ browser }) => {
    const { context, first, second, title } = await twoTabsOnNewArticle(browser, "Borrado en otra pestaña");
    const logged: string[] = [];
    second.on("console", (message) => {
      if (message.type() === "error") logged.push(message.text());
    });
    const editorB = await openEditor(second, title);
    await fillContent(editorB, "Texto que no debe perderse.");

    await adminArticleCard(first, title)
      .getByRole("button", { name: `Eliminar «${title}»` })
      .click();
    await first.getByRole("alertdialog").getByRole("button", { name: "Mover a la papelera" }).click();
    await expect(adminArticleCard(first, title)).toHaveCount(0);

    await editorB.getByRole("button", { name: SAVE_BUTTON }).click();
    await expect(editorB.getByRole("alert")).toContainText("Este artículo ya no existe");
    await expectContent(editorB, "Texto que no debe perderse.");
    expect(logged.some((line) => line.includes("Error al guardar el artículo"))).toBe(true);
    await editorB.getByRole("button", { name: "Cancelar" }).click();
    await second.getByRole("alertdialog").getByRole("button", { name: "Descartar y salir" }).click();

    // The second tab's list still shows the article: deleting it again fails visibly.
    await adminArticleCard(second, title)
      .getByRole("button", { name: `Eliminar «${title}»` })
      .click();
    await second.getByRole("alertdialog").getByRole("button", { name: "Mover a la papelera" }).click();
    await expect(second.getByRole("alert")).toContainText("Este artículo ya no existe");
    expect(logged.some((line) => line.includes("Error al eliminar el artículo"))).toBe(true);
    await context.close();
  });
});

test.describe("messages", () => {
  test("lists a contact request with its delivery state and the local outbox", async ({ browser }) => {
    const { context, page, name } = await signedInAfterContact(
      browser,
      "Marta Prueba",
      "marta@example.com",
      "Quiero una demo.",
    );
    await page.getByRole("link", { name: "Mensajes" }).click();
    await expect(page).toHaveURL(/\/admin\/mensajes$/);
    const leads = page.getByRole("region", { name: /Solicitudes/ });
    const lead = leads.getByRole("listitem").filter({ hasText: name });
    await expect(lead).toBeVisible();
    await expect(lead).toContainText("marta@example.com");
    await expect(lead).toContainText("Quiero una demo.");
    await expect(lead.getByText(/^(Enviado|Pendiente|Enviándose)$/)).toBeVisible();
    // Nothing failed, so nothing to retry.
    await expect(lead.getByRole("button", { name: "Reintentar" })).toHaveCount(0);
    // The outbox mail's subject ends with the lead's id.
    const leadId = await lead.getAttribute("data-lead-id");
    const outbox = page.getByRole("region", { name: /Bandeja de salida local/ });
    const mail = outbox.getByRole("listitem").filter({ hasText: `(${leadId!.slice(-8)})` });
    await expect(mail).toBeVisible();
    await mail.getByText("Ver el correo").click();
    await expect(mail).toContainText(name);
    await context.close();
  });

  test("'Reintentar' shows for a failed delivery and reports the server's answer", async ({ browser }) => {
    const { context, page, name } = await signedInAfterContact(
      browser,
      "Pablo Reintento",
      "pablo@example.com",
      "Hola.",
    );
    // The local outbox never fails, so the list the server gives is shown with this lead's
    // delivery as failed; the retry itself goes to the real endpoint.
    await page.route("**/api/admin/leads?*", async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as {
        leads?: { items: { name?: string; delivery: Record<string, unknown> }[] };
      };
      for (const lead of body.leads?.items ?? []) {
        if (lead.name === name) lead.delivery = { state: "failed", attempts: 1, lastError: "provider_throttled" };
      }
      await route.fulfill({ response, json: body });
    });
    await page.goto("/admin/mensajes");
    const lead = page
      .getByRole("region", { name: /Solicitudes/ })
      .getByRole("listitem")
      .filter({ hasText: name });
    await expect(lead.getByText("Fallido", { exact: true })).toBeVisible();
    await expect(lead).toContainText("Último error: provider_throttled");
    await page.unroute("**/api/admin/leads?*");
    await lead.getByRole("button", { name: "Reintentar" }).click();
    // The server knows it was sent: 409 already_sent, said plainly, and the list is refreshed.
    await expect(page.getByRole("alert")).toHaveText("Este mensaje ya se había enviado.");
    await expect(lead.getByText("Enviado", { exact: true })).toBeVisible();
    await expect(lead.getByRole("button", { name: "Reintentar" })).toHaveCount(0);
    await context.close();
  });
});

test.describe("loading and accessibility", () => {
  test("the public landing downloads no admin code; the admin does", async ({ browser }) => {
    const context = await newClientContext(browser);
    const page = await context.newPage();
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    await page.goto("/es");
    // The landing requests its app once a visitor interacts (docs/decisions/0185-no-app-requests-at-load.md).
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    const scripts = requested.filter((path) => path.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(3);
    expect(requested.filter((path) => /admin/i.test(path))).toEqual([]);

    await page.goto("/admin/login");
    await expect(page.getByRole("button", { name: "Acceder" })).toBeVisible();
    expect(requested.some((path) => /\/assets\/admin-login-page-[\w-]+\.js$/.test(path))).toBe(true);
    await context.close();
  });

  test("axe finds no violation on the login, the list and the open editor", async ({ browser }) => {
    // Three full scans and a sign-in: past 60 s on a busy two-core host with three workers.
    test.slow();
    const context = await newClientContext(browser);
    const page = await context.newPage();
    // `within`: the open editor is scanned alone, the list beneath it was scanned just before.
    const audit = async (label: string, within?: string) => {
      const violations = await axeViolations(page, { include: within });
      expect(violations.map((violation) => `${label}: ${violation}`)).toEqual([]);
    };
    await page.goto("/admin/login");
    await expect(page.getByRole("button", { name: "Acceder" })).toBeVisible();
    await audit("login");
    await page.getByLabel("Correo electrónico").fill(stranger());
    await page.getByLabel("Contraseña").fill("wrong");
    await page.getByRole("button", { name: "Acceder" }).click();
    await expect(page.getByText("Correo o contraseña incorrectos", { exact: true })).toBeVisible();
    await audit("login with error");

    await signInOnForm(page);
    await expect(page.getByRole("list", { name: "Artículos" })).toBeVisible();
    await audit("list");
    const editor = await openNewArticle(page);
    await expect(editor).toBeVisible();
    await editor.getByRole("button", { name: SAVE_BUTTON }).click();
    await expect(editor.getByLabel("Título")).toHaveAccessibleDescription("Este campo es obligatorio.");
    await audit("editor", "dialog");
    await context.close();
  });
});

test.describe("lists that fail to load", () => {
  const pages = [
    {
      path: "/admin/blog",
      api: "**/api/admin/articles?*",
      message: "No se han podido cargar los artículos.",
      loaded: (page: Page) => page.getByRole("list", { name: "Artículos" }),
    },
    {
      path: "/admin/mensajes",
      api: "**/api/admin/leads?*",
      message: "No se han podido cargar los mensajes.",
      loaded: (page: Page) => page.getByRole("region", { name: /Solicitudes/ }),
    },
  ];
  for (const target of pages) {
    test(`${target.path} says so and loads on 'Reintentar' once the API answers again`, async ({ adminPage: page }) => {
      // The API is down for the first request only, as after a deploy or a throttled burst.
      let failures = 0;
      await page.route(target.api, async (route) => {
        if (route.request().method() !== "GET" || failures > 0) return route.fallback();
        failures += 1;
        await route.fulfill({
          status: 503,
          contentType: "application/json",
          body: JSON.stringify({ error: { code: "unavailable", message: "Service unavailable" } }),
        });
      });
      await page.goto(target.path);
      const alert = page.getByRole("alert").filter({ hasText: target.message });
      await expect(alert).toBeVisible();
      await expect(target.loaded(page)).toHaveCount(0);
      await alert.getByRole("button", { name: "Reintentar" }).click();
      await expect(target.loaded(page)).toBeVisible();
      await expect(alert).toHaveCount(0);
      expect(failures).toBe(1);
    });
  }
});
