import { fillContent, expectContent, SAVE_BUTTON } from "./admin-editor.ts";
import type { Page } from "@playwright/test";
import { axeViolations } from "./axe.ts";
import { expect as baseExpect, test } from "./fixtures.ts";
import { collectErrors, hydrated, signedInAdminPage, type CreatedArticle, apiSuite } from "./site-helpers.ts";

/**
 * The blog in three languages as a visitor and the administrator meet it in Chromium: lists in
 * the page's language, the language selector on articles, the notice page, and translating an
 * article from the editor's Translations panel.
 */

// The pages boot the app after their first paint; on a loaded two-core machine that can take a while.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

const { run: RUN, create } = apiSuite("l", "10.46.0.1");

const made = {} as Record<"translated" | "english" | "spanishOnly" | "toTranslate", CreatedArticle>;

let imageUrl: string;

test.beforeAll(async ({ request }, testInfo) => {
  // An image the local server has (an outside host would not resolve here).
  imageUrl = `${testInfo.project.use.baseURL}/favicon.svg`;
  made.translated = await create(request, {
    title: `Guía ${RUN} de envíos`,
    excerpt: `Resumen en español ${RUN}.`,
    content: "Primer párrafo en español.",
  });
  made.english = await create(request, {
    title: `Guide ${RUN} to shipping`,
    excerpt: `English summary ${RUN}.`,
    content: "First paragraph in English.",
    language: "en",
    translationOf: made.translated.id,
  });
  // The newest of the three, yet listed after the English card on an English page.
  made.spanishOnly = await create(request, {
    title: `Solo ${RUN} en español`,
    excerpt: `Un artículo sin traducción ${RUN}.`,
    content: "Texto que solo existe en español.",
  });
  made.toTranslate = await create(request, {
    title: `Traducible ${RUN} contrareembolso`,
    excerpt: `Extracto para traducir ${RUN}.`,
    content: "Un párrafo para traducir.",
    imageUrl,
    imageAlt: "Panel de pedidos",
    categories: [{ id: "automatizacion", name: "Automatización" }],
    metaTitle: `Titular en español ${RUN}`,
    metaDescription: `Descripción en español ${RUN}.`,
    tags: ["Devoluciones"],
  });
});

const selector = (page: Page, language: string) =>
  page.getByRole("navigation", { name: language === "es" ? "Idioma" : language === "pt" ? "Idioma" : "Language" });

test.describe("lists in the page's language", () => {
  test("/en/blog: English cards first, a Spanish-only one marked 'In Spanish' with its text in Spanish", async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await page.goto("/en/blog");
    const cards = page.getByTestId("article-card");
    // The demo blog: the first card is in English.
    await expect(cards.first()).toBeVisible();
    await expect(cards.first().getByTestId("card-language")).toHaveCount(0);
    await expect(cards.first().getByRole("heading")).not.toHaveAttribute("lang", /.+/);

    await page.getByPlaceholder("Search articles...").fill(RUN);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${RUN}`));
    // One card per group: the English version stands for the translated article.
    await expect(cards).toHaveCount(3);
    await expect(cards.nth(0).getByRole("heading")).toHaveText(made.english.title);
    await expect(cards.nth(0).getByTestId("card-language")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: made.translated.title })).toHaveCount(0);
    // Then the groups without English, newest first, marked and with their own lang.
    await expect(cards.nth(1).getByRole("heading")).toHaveText(made.toTranslate.title);
    await expect(cards.nth(2).getByRole("heading")).toHaveText(made.spanishOnly.title);
    await expect(cards.nth(2).getByTestId("card-language")).toHaveText("In Spanish");
    await expect(cards.nth(2).getByRole("heading")).toHaveAttribute("lang", "es");
    await expect(cards.nth(2).getByText(`Un artículo sin traducción ${RUN}.`)).toHaveAttribute("lang", "es");
    await expect(page.getByText("Showing 3 of 3 articles")).toBeVisible();

    // Sort applies within that set; the URL keeps the query as before.
    await page.getByLabel("Sort").selectOption("oldest");
    await expect(page).toHaveURL(/[?&]sort=oldest/);
    await expect(cards.nth(0).getByRole("heading")).toHaveText(made.english.title);
    await expect(cards.nth(1).getByRole("heading")).toHaveText(made.spanishOnly.title);

    // The same query on the Portuguese blog marks both versions' languages in Portuguese.
    await page.goto(`/pt/blog?q=${RUN}`);
    await expect(cards).toHaveCount(3);
    await expect(cards.nth(0).getByTestId("card-language")).toHaveText("Em espanhol");
    expect(await axeViolations(page, { include: "main" })).toEqual([]);
    expect(errors).toEqual([]);
  });

  test("the landing's latest three are one per group, the page's language first", async ({ page }) => {
    await page.goto("/en");
    // The app asks for the latest articles once it runs, on the first interaction (decision 0177).
    await hydrated(page);
    const latest = page.locator("#blog ul li h3");
    await expect(latest).toHaveCount(3);
    const response = await page.request.get("/api/articles?limit=3&cardsFor=en");
    const { articles } = (await response.json()) as { articles: CreatedArticle[] };
    await expect(latest).toHaveText(articles.map((a) => a.title));
    // No two cards of one group, English ones before the others.
    const languages = articles.map((a) => a.language);
    expect(languages).toEqual([...languages].sort((a, b) => Number(a !== "en") - Number(b !== "en")));
  });
});

test.describe("articles and the language selector", () => {
  test("the selector on a translated article lands on its translation, without a reload", async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto(`/es/blog/${made.translated.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(made.translated.title);
    // The app starts after the first paint: before it, the selector is a plain link (a reload).
    await hydrated(page);
    await page.evaluate(() => ((window as { marker?: number }).marker = 1));
    const english = selector(page, "es").getByRole("link", { name: "English" });
    await expect(english).toHaveAttribute("href", `/en/blog/${made.english.slug}`);
    await english.click();
    await expect(page).toHaveURL(`/en/blog/${made.english.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(made.english.title);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    expect(await page.evaluate(() => (window as { marker?: number }).marker)).toBe(1);
    // And back.
    const spanish = selector(page, "en").getByRole("link", { name: "Español" });
    await expect(spanish).toHaveAttribute("href", `/es/blog/${made.translated.slug}`);
    await spanish.click();
    await expect(page).toHaveURL(`/es/blog/${made.translated.slug}`);
    expect(errors).toEqual([]);
  });

  test("the Spanish URL under /en: the server redirects permanently, the app replaces it with the translation", async ({
    page,
  }) => {
    const direct = await page.request.get(`/en/blog/${made.translated.slug}`, { maxRedirects: 0 });
    expect(direct.status()).toBe(301);
    expect(direct.headers().location).toMatch(new RegExp(`/en/blog/${made.english.slug}$`));

    await page.goto("/en/blog");
    await hydrated(page);
    await page.evaluate(() => ((window as { marker?: number }).marker = 1));
    await page.evaluate(
      (path) =>
        (
          window as unknown as { __reactRouterDataRouter: { navigate(to: string): void } }
        ).__reactRouterDataRouter.navigate(path),
      `/en/blog/${made.translated.slug}`,
    );
    await expect(page).toHaveURL(`/en/blog/${made.english.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(made.english.title);
    expect(await page.evaluate(() => (window as { marker?: number }).marker)).toBe(1);
    // The passed-through URL is not in history: back returns to the list.
    await page.goBack();
    await expect(page).toHaveURL("/en/blog");
  });

  test("the selector on an untranslated article offers only its real language; under another, the notice page", async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await page.goto(`/es/blog/${made.spanishOnly.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(made.spanishOnly.title);
    // No English or Portuguese version exists: the selector offers none (docs/decisions/0050-multilingual-articles.md).
    await expect(selector(page, "es").getByRole("link")).toHaveText(["esEspañol"]);
    // Opened under Portuguese (a shared link, an old bookmark): the notice page, whose selector leads back.
    await page.goto(`/pt/blog/${made.spanishOnly.slug}`);
    await hydrated(page);
    await expect(selector(page, "pt").getByRole("link", { name: "Español" })).toHaveAttribute(
      "href",
      `/es/blog/${made.spanishOnly.slug}`,
    );
    await expect(selector(page, "pt").getByRole("link", { name: "English" })).toHaveCount(0);
    await expect(page.locator("html")).toHaveAttribute("lang", "pt");
    const notice = page.getByTestId("language-notice");
    await expect(notice).toContainText("Este artigo só está disponível em espanhol.");
    await expect(notice.getByRole("link", { name: "Ler na página original" })).toHaveAttribute(
      "href",
      `/es/blog/${made.spanishOnly.slug}`,
    );
    await expect(page.getByRole("heading", { level: 1 })).toHaveAttribute("lang", "es");
    await expect(page.getByText("Texto que solo existe en español.").locator("xpath=..")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("link", { name: "← Voltar ao blog" })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      new RegExp(`/es/blog/${made.spanishOnly.slug}$`),
    );
    await expect(page.locator("link[hreflang]")).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);

    // The same page opened directly (server-rendered, then the app) says the same.
    await page.goto(`/en/blog/${made.spanishOnly.slug}`);
    await expect(page.getByTestId("language-notice")).toContainText("This article is only available in Spanish.");
    await expect(page.getByTestId("language-notice")).toHaveCount(1);
    // Its link leads to the real page.
    await page.getByRole("link", { name: "Read it on its original page" }).click();
    await expect(page).toHaveURL(`/es/blog/${made.spanishOnly.slug}`);
    await expect(page.getByTestId("language-notice")).toHaveCount(0);
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});

test("an article in Spanish and English opened under /pt/ names both languages, with a link to each", async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.goto(`/pt/blog/${made.translated.slug}`);
  const notice = page.getByTestId("language-notice");
  await expect(notice).toContainText("Este artigo só está disponível em espanhol e inglês.");
  await expect(notice.getByRole("link", { name: "Ler em espanhol" })).toHaveAttribute(
    "href",
    `/es/blog/${made.translated.slug}`,
  );
  await expect(notice.getByRole("link", { name: "Ler em inglês" })).toHaveAttribute(
    "href",
    `/en/blog/${made.english.slug}`,
  );
  await hydrated(page);
  // The app, once it runs, says the same as the server's page.
  await expect(notice).toContainText("Este artigo só está disponível em espanhol e inglês.");
  await expect(page.getByTestId("language-notice")).toHaveCount(1);
  expect(errors).toEqual([]);
});

const adminCard = (page: Page, title: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title, exact: true }) });

test.describe("translating from the editor", () => {
  test("the administrator translates an article from the panel and publishes it; both pages link to each other", async ({
    browser,
  }) => {
    const { page } = await signedInAdminPage(browser);
    const source = made.toTranslate;
    await expect(adminCard(page, source.title).getByTestId("article-language")).toHaveText("Idioma: Español");
    await expect(adminCard(page, source.title).getByText("Sin traducciones")).toBeVisible();
    await adminCard(page, source.title)
      .getByRole("button", { name: `Editar «${source.title}»` })
      .click();
    let editor = page.getByRole("dialog", { name: "Editar Artículo" });
    await expect(editor.getByLabel("Idioma")).toHaveValue("es");
    const panel = editor.getByRole("region", { name: "Traducciones" });
    await expect(panel.getByTestId("translation-es")).toContainText("este artículo");
    await expect(panel.getByTestId("translation-en")).toContainText("Sin traducir");

    await panel.getByRole("button", { name: "Traducir al inglés" }).click();
    editor = page.getByRole("dialog", { name: "Nueva traducción" });
    await expect(editor).toBeVisible();
    // Filled from the source, in English, unpublished, for the administrator to rewrite.
    await expect(editor.getByLabel("Idioma")).toHaveValue("en");
    await expect(editor.getByLabel("Título")).toHaveValue(source.title);
    await expect(editor.getByLabel("Extracto")).toHaveValue(`Extracto para traducir ${RUN}.`);
    await expectContent(editor, "Un párrafo para traducir.");
    await expect(editor.getByLabel("URL de la imagen")).toHaveValue(imageUrl);
    await expect(editor.getByLabel("Automatización")).toBeChecked();
    await expect(editor.getByLabel("Publicado")).not.toBeChecked();
    await expect(editor.getByText(`Traducción de «${source.title}»`)).toBeVisible();
    // The source's search-engine fields and tags are Spanish: the translation starts without them.
    for (const label of ["Titular para buscadores", "Descripción para buscadores", "Imagen para redes sociales"])
      await expect(editor.getByLabel(label)).toHaveValue("");
    await expect(editor.getByTestId("editor-tags")).toHaveCount(0);
    expect(await axeViolations(page, { include: "dialog" })).toEqual([]);

    const title = `Translatable ${RUN} cash on delivery`;
    await editor.getByLabel("Título").fill(title);
    await editor.getByLabel("Extracto").fill(`An excerpt to translate ${RUN}.`);
    await fillContent(editor, "A paragraph, translated.");
    await expect(editor.getByTestId("preview-slug")).toHaveText(/^\/en\/blog\/translatable-/);
    await editor.getByLabel("Publicado").check();
    await editor.getByRole("button", { name: SAVE_BUTTON }).click();
    await expect(editor).toBeHidden();
    await expect(adminCard(page, title).getByTestId("article-language")).toHaveText("Idioma: Inglés");
    await expect(adminCard(page, title).getByTestId("article-translations")).toHaveText(
      "Traducciones: Español (Publicado)",
    );
    await expect(adminCard(page, source.title).getByTestId("article-translations")).toHaveText(
      "Traducciones: Inglés (Publicado)",
    );

    // The filter shows one language's articles.
    await page.getByLabel("Idioma").selectOption("en");
    await expect(page).toHaveURL(/[?&]idioma=en/);
    await expect(adminCard(page, title)).toBeVisible();
    await expect(adminCard(page, source.title)).toHaveCount(0);
    for (const label of await page.getByTestId("article-language").allTextContents())
      expect(label).toBe("Idioma: Inglés");
    await page.getByLabel("Idioma").selectOption("");
    await expect(adminCard(page, source.title)).toBeVisible();

    // A second English version of the group is refused with a clear message.
    await adminCard(page, source.title)
      .getByRole("button", { name: `Editar «${source.title}»` })
      .click();
    editor = page.getByRole("dialog", { name: "Editar Artículo" });
    await expect(editor.getByTestId("translation-en")).toContainText("Publicada");
    await editor.getByRole("button", { name: "Traducir al portugués" }).click();
    editor = page.getByRole("dialog", { name: "Nueva traducción" });
    await editor.getByLabel("Idioma").selectOption("en");
    await editor.getByRole("button", { name: SAVE_BUTTON }).click();
    await expect(editor.getByRole("alert")).toHaveText(
      "Este artículo ya tiene una versión en inglés. Elige otro idioma o edita esa versión desde el panel de traducciones.",
    );
    await expect(editor.getByLabel("Idioma")).toHaveAttribute("aria-invalid", "true");
    await editor.getByRole("button", { name: "Cancelar" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Descartar y salir" }).click();

    // Both public pages link to each other: hreflang and the language selector.
    const visitor = await page.context().browser()!.newPage();
    await visitor.goto(`/es/blog/${source.slug}`);
    const englishLink = visitor.locator('link[rel="alternate"][hreflang="en"]');
    await expect(englishLink).toHaveAttribute("href", /\/en\/blog\/translatable-/);
    const englishUrl = new URL((await englishLink.getAttribute("href"))!);
    await expect(selector(visitor, "es").getByRole("link", { name: "English" })).toHaveAttribute(
      "href",
      englishUrl.pathname,
    );
    await visitor.goto(englishUrl.pathname);
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(title);
    // Left as the editor started it, the English page describes itself in English.
    await expect(visitor).toHaveTitle(`${title} | Blog CodCRM`);
    await expect(visitor.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      `An excerpt to translate ${RUN}.`,
    );
    await expect(visitor.locator('link[rel="alternate"][hreflang="es"]')).toHaveAttribute(
      "href",
      new RegExp(`/es/blog/${source.slug}$`),
    );
    await expect(selector(visitor, "en").getByRole("link", { name: "Español" })).toHaveAttribute(
      "href",
      `/es/blog/${source.slug}`,
    );
    await visitor.close();
    await page.context().close();
  });
});
