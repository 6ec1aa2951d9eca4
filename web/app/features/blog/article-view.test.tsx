// @vitest-environment jsdom
import { screen, within, cleanup } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { PublicArticle } from "@codcrm/core/article/article";
import type { Language } from "@codcrm/core/site/languages";
import { renderWithStrings } from "../../i18n/with-strings.testing.tsx";
import { ArticleView } from "./article-view.tsx";

afterEach(cleanup);

/** A published article as the API answers it, in `language`, with its published translations. */
function article(language: Language, translations: PublicArticle["translations"]): PublicArticle {
  return {
    id: "a1",
    slug: `guia-${language}`,
    language,
    translationGroup: "a1",
    translations,
    title: "Guía",
    excerpt: "Resumen.",
    content: "Texto.",
    contentHtml: "<p>Texto.</p>",
    categories: [],
    createdAt: "2026-11-20T10:00:00.000Z",
    updatedAt: "2026-11-20T10:00:00.000Z",
    published: true,
    viewCount: 1,
    metaTitle: "Guía | Blog CodCRM",
    metaDescription: "Resumen.",
    metaKeywords: "",
    readingTime: 1,
    version: 1,
  } as PublicArticle;
}

function renderUnder(page: Language, shown: PublicArticle) {
  const pathname = `/${page}/blog/${shown.slug}`;
  renderWithStrings(
    <MemoryRouter initialEntries={[pathname]}>
      <ArticleView article={shown} notFound={false} counted />
    </MemoryRouter>,
    { pathname },
  );
  const notice = screen.getByTestId("language-notice");
  return {
    text: notice.textContent,
    links: within(notice)
      .getAllByRole("link")
      .map((link) => [link.textContent, link.getAttribute("href"), link.getAttribute("hreflang")]),
  };
}

describe("the notice on an article opened under a language it has no version in", () => {
  it("under /pt/, an article in Spanish and English names both, with a link to each", () => {
    // The API shows the English version here; the Spanish one is its published translation.
    const { text, links } = renderUnder("pt", article("en", [{ language: "es", slug: "guia-es" }]));
    expect(text).toBe("Este artigo só está disponível em espanhol e inglês. Ler em espanhol · Ler em inglês");
    expect(links).toEqual([
      ["Ler em espanhol", "/es/blog/guia-es", "es"],
      ["Ler em inglês", "/en/blog/guia-en", "en"],
    ]);
  });

  it("under /en/, an article in Spanish and Portuguese names both", () => {
    const { text, links } = renderUnder("en", article("es", [{ language: "pt", slug: "guia-pt" }]));
    expect(text).toBe(
      "This article is only available in Spanish and Portuguese. Read it in Spanish · Read it in Portuguese",
    );
    expect(links.map(([, href]) => href)).toEqual(["/es/blog/guia-es", "/pt/blog/guia-pt"]);
  });

  it("under /es/, an article in English and Portuguese names both", () => {
    const { text, links } = renderUnder("es", article("pt", [{ language: "en", slug: "guia-en" }]));
    expect(text).toBe(
      "Este artículo solo está disponible en inglés y portugués. Leerlo en inglés · Leerlo en portugués",
    );
    expect(links.map(([, href]) => href)).toEqual(["/en/blog/guia-en", "/pt/blog/guia-pt"]);
  });

  it("an article in one language names it and links to its original page", () => {
    const { text, links } = renderUnder("pt", article("es", []));
    expect(text).toBe("Este artigo só está disponível em espanhol. Ler na página original");
    expect(links).toEqual([["Ler na página original", "/es/blog/guia-es", "es"]]);
  });
});

describe("the view count", () => {
  it.each([
    ["es", "1 visita", "2 visitas", "1.234 visitas"],
    ["en", "1 view", "2 views", "1,234 views"],
    ["pt", "1 visualização", "2 visualizações", "1 234 visualizações"],
  ] as const)("meets its noun in the number it has, in %s", (language, one, two, many) => {
    const shown = (viewCount: number) => {
      const pathname = `/${language}/blog/guia`;
      renderWithStrings(
        <MemoryRouter initialEntries={[pathname]}>
          <ArticleView article={{ ...article(language, []), viewCount }} notFound={false} counted />
        </MemoryRouter>,
        { pathname },
      );
      const text = screen.getByTestId("view-count").textContent;
      cleanup();
      return text?.replace(/\u00a0/g, " ");
    };
    expect([shown(1), shown(2), shown(1234)]).toEqual([one, two, many]);
  });
});

describe("what the page's beacon counts (docs/decisions/0400-first-party-page-views.md)", () => {
  it("names the article it shows as itself, and none when it stands in for a page that does not exist", () => {
    const named = (notFound: boolean) => {
      const pathname = "/es/blog/guia";
      const { container } = renderWithStrings(
        <MemoryRouter initialEntries={[pathname]}>
          <ArticleView article={article("es", [])} notFound={notFound} counted={!notFound} />
        </MemoryRouter>,
        { pathname },
      );
      const id = container.querySelector("[data-view-article]")?.getAttribute("data-view-article");
      cleanup();
      return id;
    };
    expect(named(false)).toBe("a1");
    expect(named(true)).toBeUndefined();
  });
});
