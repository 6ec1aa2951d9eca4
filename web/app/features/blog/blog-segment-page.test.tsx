// @vitest-environment jsdom
import { StrictMode } from "react";
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import en from "../../../../locales/en.json";
import es from "../../../../locales/es.json";
import pt from "../../../../locales/pt.json";
import { TranslationStore } from "../../i18n/translation-store.ts";
import { LanguageProvider, TranslationStoreProvider } from "../../i18n/language-context.tsx";
import BlogSegmentPage, { clientLoader } from "./blog-segment-page.tsx";

const article = {
  id: "1700000000000abcd",
  slug: "mi-articulo",
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

function fakeApi() {
  let views = article.viewCount;
  const calls: string[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = String(input);
    calls.push(`${init?.method ?? "GET"} ${url}`);
    if (url.startsWith("/api/articles/mi-articulo"))
      return Response.json({ article: { ...article, viewCount: views }, matchedBy: "slug" });
    if (url === `/api/articles/${article.id}/views` && init?.method === "POST")
      return Response.json({ id: article.id, viewCount: ++views });
    return new Response("{}", { status: 404 });
  });
  return calls;
}

function renderArticle(path: string) {
  const Stub = createRoutesStub([
    { path: "/:lang/blog/:segment", Component: BlogSegmentPage, loader: clientLoader, HydrateFallback: () => null },
  ]);
  render(
    <StrictMode>
      <TranslationStoreProvider store={new TranslationStore({ es, en, pt })}>
        <LanguageProvider pathname={path}>
          <Stub initialEntries={[path]} />
        </LanguageProvider>
      </TranslationStoreProvider>
    </StrictMode>,
  );
}

describe("article route", () => {
  it("reports exactly one view per opening under strict mode and shows the new count", async () => {
    const calls = fakeApi();
    renderArticle("/es/blog/mi-articulo");
    expect(await screen.findByText("51 visitas")).toBeTruthy();
    // Strict mode renders twice and runs effects twice: still one report.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((c) => c.startsWith("POST"))).toEqual([`POST /api/articles/${article.id}/views`]);
    // Markup in the title is text.
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Mi artículo <b>de prueba</b>");
    expect(document.querySelector("h1 b")).toBeNull();
    expect([...document.querySelectorAll("article div p")].map((p) => p.textContent)).toEqual([
      "Primera línea.",
      "Segunda línea.",
    ]);
  });
});
