import type { PublicArticle } from "@codcrm/core/article/article";
import type { ArticlePageMatch } from "@codcrm/core/article/article-page";

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
