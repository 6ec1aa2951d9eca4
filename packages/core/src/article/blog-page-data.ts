import type { ArticleSummary, PublicArticle } from "./article.ts";
import type { PublicAuthor } from "../staff/staff.ts";
import type { ArticlePageMatch } from "./article-page.ts";
import type { ListFilters } from "./article-list-params.ts";
import type { ArticlePage } from "./article-query.ts";
import type { Category } from "./categories.ts";

/** An article as a page shows it: the same shape as `GET /api/articles/{segment}?fallback=first`. */
export interface ArticleResult {
  article: PublicArticle;
  matchedBy: ArticlePageMatch;
}

/**
 * A list's first page for an address's filters, as `GET /api/articles?cardsFor={lang}` answers
 * it: a list page shows it at once instead of asking again (docs/decisions/0098-blog-list-first-screen.md).
 */
/** `GET /api/authors/{slug}?lang=`: an author's page data. */
export interface AuthorPageData {
  author: PublicAuthor;
  articles: ArticleSummary[];
}

export interface ListFirstPage {
  filters: ListFilters;
  list: ArticlePage;
}

/**
 * What a blog page renders from: the page functions read it from the store and hand it to the web
 * app's route on the server (packages/functions/src/pages/react-page.ts), the route's browser
 * loader asks the API for the same after a navigation (docs/decisions/0201-react-19-as-commissioned.md).
 */
export type BlogPageData =
  /** `/{lang}/blog`, or a built-in category's list at `/{lang}/blog/{category}`. */
  | { kind: "list"; category?: Category; firstPage?: ListFirstPage }
  /** An article by slug, id or former slug; a missing one's address shows the first published one. */
  | {
      kind: "article";
      segment: string;
      result: ArticleResult;
      /** A preview link's page: the article as saved, under a banner, noindex, counted nowhere (docs/decisions/0086-preview-links.md). */
      preview?: boolean;
    }
  /** An author's page (`/{lang}/blog/autor/{slug}`): who they are and their articles in that language. */
  | { kind: "author"; author: PublicAuthor; articles: ArticleSummary[] }
  /** No article to show: the blog has none published. */
  | { kind: "empty"; segment: string }
  /** The article could not be read (the API failed, after a navigation). */
  | { kind: "failed"; segment: string };

/** What a page function hands React Router's server build for one page (`AppLoadContext` in the web app). */
export interface PageLoadContext {
  /** The blog page's data: the route's server loader returns it as it is. */
  blogPage?: BlogPageData;
  /** The public origin of absolute URLs (canonical, hreflang, Open Graph): the function's SITE_URL. */
  siteUrl?: string;
}
