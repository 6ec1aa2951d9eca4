import { LIST_PAGE_SIZE, listFiltersFromParams } from "@codcrm/core/article/article-list-params";
import { queryArticles } from "@codcrm/core/article/article-query";
import type { Category } from "@codcrm/core/article/categories";
import type { Language } from "@codcrm/core/site/languages";
import { SHORT_PUBLIC_CACHE, type ApiResponse } from "../http/api.ts";
import type { Deps } from "../deps.ts";
import { renderReactPage } from "./react-page.ts";

/**
 * A list page as HTML: the blog (`/{lang}/blog`) or a built-in category's list, with the first
 * page of cards the app would ask the API for the same address (one card per translation group,
 * the page's language first), which the page renders and the app takes as its first page. Crawlers
 * read the cards' links; a visitor's browser finds the first card's image in the HTML
 * (docs/decisions/0098-blog-list-first-screen.md).
 */
export async function listPage(
  deps: Deps,
  request: { path: string; query: Record<string, string> },
  language: Language,
  category: Category | undefined,
): Promise<ApiResponse> {
  // The address's search, tag and order, read as the app reads them (an address the API would
  // refuse reads as none): the cards are the ones the app will show for this address.
  const filters = listFiltersFromParams(new URLSearchParams(request.query));
  const list = queryArticles(await (await deps.articles()).listPublished(), {
    ...filters,
    category: category?.id ?? filters.category,
    cardsFor: language,
    limit: LIST_PAGE_SIZE,
    offset: 0,
  });
  return renderReactPage(deps.config, {
    path: request.path,
    query: request.query,
    context: {
      blogPage: {
        kind: "list",
        category,
        firstPage: { filters: { ...filters, category: category?.id ?? filters.category }, list },
      },
    },
    status: 200,
    headers: SHORT_PUBLIC_CACHE,
  });
}
