// @vitest-environment jsdom
import { StrictMode } from "react";
import { render, screen, cleanup } from "@testing-library/react";
import { Outlet, createRoutesStub, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import en from "../../../../locales/en.json";
import es from "../../../../locales/es.json";
import pt from "../../../../locales/pt.json";
import { I18nProvider, createAppI18n } from "../../i18n/i18n.ts";
import { LanguageProvider } from "../../i18n/language-context.tsx";
// The test renders the page as the site does, selector included, to check where each language leads.
// eslint-disable-next-line boundaries/dependencies
import { LanguageSelector } from "../../layout/language-selector.tsx";
import BlogSegmentPage, { clientLoader, handle } from "./blog-segment-page.tsx";

const article = {
  id: "1700000000000abcd",
  slug: "mi-articulo",
  language: "es",
  translationGroup: "1700000000000abcd",
  translations: [] as { language: string; slug: string }[],
  title: "Mi artículo <b>de prueba</b>",
  excerpt: "Resumen.",
  content: "Primera línea.\nSegunda línea.",
  // As the API answers it: made by core's renderer when the article was saved.
  contentHtml: "<p>Primera línea.</p>\n<p>Segunda línea.</p>\n",
  categories: [{ id: "noticias", slug: "noticias", name: "Noticias" }],
  createdAt: "2026-11-20T10:00:00.000Z",
  updatedAt: "2026-11-20T10:00:00.000Z",
  published: true,
  viewCount: 50,
  metaTitle: "Mi artículo | Blog CodCRM",
  metaDescription: "Primera línea. Segunda línea.",
  metaKeywords: "artículo, prueba",
  readingTime: 1,
  version: 1,
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The Spanish article translated into English (published): the two point at each other. */
const spanish = { ...article, translations: [{ language: "en", slug: "my-article" }] };
const english = {
  ...article,
  id: "1700000000001abcd",
  slug: "my-article",
  language: "en",
  title: "My article",
  content: "First line.",
  translations: [{ language: "es", slug: "mi-articulo" }],
};

function fakeApi(shown: typeof article = article) {
  const views = article.viewCount;
  const calls: string[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = String(input);
    calls.push(`${init?.method ?? "GET"} ${url}`);
    if (url.startsWith("/api/articles/mi-articulo"))
      return Response.json({ article: { ...shown, viewCount: views }, matchedBy: "slug" });
    if (url.startsWith("/api/articles/no-existe"))
      return Response.json({ article: { ...shown, viewCount: views }, matchedBy: "fallback" });
    if (url.startsWith("/api/articles/my-article")) return Response.json({ article: english, matchedBy: "slug" });
    return new Response("{}", { status: 404 });
  });
  return calls;
}

function Frame() {
  const { pathname } = useLocation();
  return (
    <>
      <LanguageSelector />
      <p data-testid="location">{pathname}</p>
      <Outlet />
    </>
  );
}

function renderArticle(path: string) {
  const Stub = createRoutesStub([
    {
      path: "/:lang",
      Component: Frame,
      children: [
        {
          path: "blog/:segment",
          Component: BlogSegmentPage,
          loader: clientLoader,
          handle,
          HydrateFallback: () => null,
        },
      ],
    },
  ]);
  render(
    <StrictMode>
      <I18nProvider i18n={createAppI18n({ es, en, pt })}>
        <LanguageProvider pathname={path}>
          <Stub initialEntries={[path]} />
        </LanguageProvider>
      </I18nProvider>
    </StrictMode>,
  );
}

/** The languages the selector offers, and where each leads. */
function selectorTargets() {
  return Object.fromEntries(
    [...document.querySelectorAll("nav a[hreflang]")].map((link) => [
      link.getAttribute("hreflang"),
      link.getAttribute("href"),
    ]),
  );
}

describe("article route", () => {
  it("names the article it shows for the page's beacon, and reports no view of its own", async () => {
    const calls = fakeApi();
    renderArticle("/es/blog/mi-articulo");
    expect(await screen.findByText("50 visitas")).toBeTruthy();
    // The start script's beacon counts it (docs/decisions/0400-first-party-page-views.md): the app posts nothing.
    expect(document.querySelector("[data-view-article]")?.getAttribute("data-view-article")).toBe(article.id);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((c) => c.startsWith("POST"))).toEqual([]);
    // Markup in the title is text.
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Mi artículo <b>de prueba</b>");
    expect(document.querySelector("h1 b")).toBeNull();
    expect([...document.querySelectorAll("article div p")].map((p) => p.textContent)).toEqual([
      "Primera línea.",
      "Segunda línea.",
    ]);
  });

  it.each([
    ["es", "1 visita", "2 visitas"],
    ["en", "1 view", "2 views"],
    ["pt", "1 visualização", "2 visualizações"],
  ])("says the count in %s by the language's plural rules: %s, %s", async (language, one, two) => {
    for (const [count, shown] of [
      [1, one],
      [2, two],
    ] as const) {
      const own = { ...article, id: `17000000000${count}${language}abcd`, language, viewCount: count };
      vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
        const url = String(input);
        if (url.startsWith("/api/articles/mi-articulo")) return Response.json({ article: own, matchedBy: "slug" });
        return new Response("{}", { status: 404 });
      });
      renderArticle(`/${language}/blog/mi-articulo`);
      expect(await screen.findByText(shown)).toBeTruthy();
      cleanup();
      vi.restoreAllMocks();
    }
  });

  it("names no article for the beacon when it shows one in place of a page that does not exist", async () => {
    const calls = fakeApi();
    renderArticle("/es/blog/no-existe");
    expect(await screen.findByText("50 visitas")).toBeTruthy();
    expect(document.querySelector("[data-view-article]")).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((c) => c.startsWith("POST"))).toEqual([]);
  });

  it("under a language without a translation: the interface in that language, a notice, the text marked with its lang", async () => {
    fakeApi();
    renderArticle("/en/blog/mi-articulo");
    const notice = await screen.findByTestId("language-notice");
    expect(notice.textContent).toContain("This article is only available in Spanish.");
    const link = notice.querySelector("a");
    expect(link?.getAttribute("href")).toBe("/es/blog/mi-articulo");
    expect(link?.textContent).toBe("Read it on its original page");
    expect(screen.getByRole("heading", { level: 1 }).getAttribute("lang")).toBe("es");
    expect(document.querySelector("article div[lang='es'] p")?.textContent).toBe("Primera línea.");
    // The interface around it is English.
    expect(screen.getByText("← Back to the blog")).toBeTruthy();
    expect(document.querySelector("article")?.hasAttribute("lang")).toBe(false);
    // Noindex, canonical at its real page, no hreflang.
    expect(document.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex");
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute("href")).toMatch(/\/es\/blog\/mi-articulo$/);
    expect(document.querySelector("link[hreflang]")).toBeNull();
    // The selector offers the article's real languages only (and the page's own): its language leads to its real page.
    expect(selectorTargets()).toEqual({ es: "/es/blog/mi-articulo", en: "/en/blog/mi-articulo" });
  });

  it("under its own language: no notice, no lang of its own, and the selector leads to its translation", async () => {
    fakeApi(spanish);
    renderArticle("/es/blog/mi-articulo");
    expect(await screen.findByText("50 visitas")).toBeTruthy();
    expect(screen.queryByTestId("language-notice")).toBeNull();
    expect(screen.getByRole("heading", { level: 1 }).hasAttribute("lang")).toBe(false);
    expect(selectorTargets()).toEqual({ es: "/es/blog/mi-articulo", en: "/en/blog/my-article" });
  });

  it("under a language it has a translation in: moves to the translation", async () => {
    const calls = fakeApi(spanish);
    renderArticle("/en/blog/mi-articulo");
    expect(await screen.findByRole("heading", { level: 1, name: "My article" })).toBeTruthy();
    expect(screen.getByTestId("location").textContent).toBe("/en/blog/my-article");
    expect(screen.queryByTestId("language-notice")).toBeNull();
    // The view counts for the article read, not for the one passed through.
    expect(document.querySelector("[data-view-article]")?.getAttribute("data-view-article")).toBe(english.id);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((c) => c.startsWith("POST"))).toEqual([]);
  });
});
