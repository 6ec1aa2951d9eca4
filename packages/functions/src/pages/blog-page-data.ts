import type { PublicArticle } from "@codcrm/core/article/article";
import type { ArticlePageMatch } from "@codcrm/core/article/article-page";
import type { ListFilters } from "@codcrm/core/article/article-list-params";
import type { ArticlePage } from "@codcrm/core/article/article-query";

/**
 * What the article page handler embeds for the web app's article route (a JSON block in the
 * page): the same shape as `GET /api/articles/{segment}?fallback=first`, plus the segment
 * it answers, so the route uses it only for that URL.
 */
export interface ArticlePageData {
  segment: string;
  article: PublicArticle;
  matchedBy: ArticlePageMatch;
}

/**
 * What a list page (the blog, a category) embeds: the list's first page for the address's
 * filters as `GET /api/articles?cardsFor={lang}` answers it, so the app shows the same cards at
 * once instead of asking again. `segment` is "" for the blog itself.
 */
export interface ListPageData {
  segment: string;
  filters: ListFilters;
  list: ArticlePage;
}
