// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { renderWithStrings } from "../../i18n/with-strings.testing.tsx";
import { ArticleCardList } from "./article-card.tsx";
import type { CardArticle } from "../../ui/article-card.tsx";

const card = (id: string): CardArticle => ({
  id,
  slug: id,
  title: `Artículo ${id}`,
  excerpt: "Resumen.",
  createdAt: "2026-11-20T10:00:00.000Z",
  readingTime: 1,
  categories: [],
  imageUrl: `https://images.example.com/${id}.jpg`,
  language: "es",
  tags: [],
});

function renderList(firstImageAtOnce?: boolean, ids = ["a", "b", "c"]) {
  const Stub = createRoutesStub([
    {
      path: "/es/blog",
      Component: () => <ArticleCardList articles={ids.map(card)} firstImageAtOnce={firstImageAtOnce} />,
    },
  ]);
  renderWithStrings(<Stub initialEntries={["/es/blog"]} />, { pathname: "/es/blog" });
  return screen.getAllByRole("presentation") as HTMLImageElement[];
}

describe("card images", () => {
  it("load as they near the screen by default (the landing's latest articles, below the fold)", () => {
    for (const image of renderList()) expect(image.getAttribute("loading")).toBe("lazy");
  });

  it("at the top of a list, the first loads at once with high priority, the others as they come near", () => {
    const [first, second, third] = renderList(true);
    expect([first!.getAttribute("loading"), first!.getAttribute("fetchpriority")]).toEqual(["eager", "high"]);
    for (const image of [second!, third!])
      expect([image.getAttribute("loading"), image.getAttribute("fetchpriority")]).toEqual(["lazy", null]);
  });
});

describe("a list's layout", () => {
  it("lays out the cards past the first row as they come near (docs/decisions/0208-blog-cards-below-the-fold.md)", () => {
    renderList(true, ["a", "b", "c", "d", "e"]);
    const deferred = screen.getAllByTestId("article-card").map((li) => li.classList.contains("card-below-the-fold"));
    expect(deferred).toEqual([false, false, false, true, true]);
  });
});
