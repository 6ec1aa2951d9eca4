import type { Language } from "../site/languages.ts";
import type { Article, ArticleSummary, PublicTranslation } from "./article.ts";

/**
 * What the article rules need from where articles are kept, named here so that the rules
 * depend on no store: `ArticleRepository` (db/) is the one that keeps them in the table
 * (docs/decisions/0110-core-depends-one-way.md).
 */

/** How a URL segment found its article (docs/decisions/0001-blog-url-readings.md). */
export type ArticleMatch = "slug" | "id" | "formerSlug";

/** Visitors' reads: published articles only, each as of its public date. */
export interface PublishedArticleReads {
  /** By current slug, then id, then former slug. */
  findPublished(segment: string): Promise<{ article: Article; matchedBy: ArticleMatch } | undefined>;
  /** Newest first, without bodies: of one language, or of all. */
  listPublished(language?: Language): Promise<ArticleSummary[]>;
  /** The other published versions of a published article. */
  publishedTranslations(article: Article): Promise<PublicTranslation[]>;
}
