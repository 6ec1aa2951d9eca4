import { ConflictError } from "../errors.ts";
import type { Language } from "../site/languages.ts";
import type {
  AdminArticle,
  Article,
  ArticleSave,
  ArticleSummary,
  ArticleUpdateSave,
  PublicTranslation,
} from "./article.ts";
import type { ArticleRevision } from "./revision.ts";

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

/** Writes: what the article service needs (`article-service.ts`), and moving to the trash. */
export interface ArticleWriteStore {
  /** The article and its view count, whatever its state. */
  getById(id: string): Promise<Article | undefined>;
  /** A new article (in its own translation group, or `translationOf`'s); 409 naming `language` when taken. */
  create(save: ArticleSave, now: Date): Promise<Article>;
  /** Saves an edit made on `save.version`; 404 when there is no such article, 409 `version_conflict` when stale. */
  update(id: string, save: ArticleUpdateSave, now: Date): Promise<Article>;
  /** Moves the article to the trash (docs/decisions/0450-article-trash.md); answers what it was. 404 when there is none. */
  trash(id: string, now: Date): Promise<Article>;
  /** One earlier version; undefined when the article or that revision does not exist. */
  getRevision(id: string, version: number): Promise<ArticleRevision | undefined>;
  /** The article as the administrator sees it, with its whole group's state. */
  withAdminTranslations(article: Article): Promise<AdminArticle>;
}

/** The answer to a save based on a version that is no longer the article's (409 `version_conflict`). */
export function staleEdit(): ConflictError {
  return new ConflictError(
    "This article was changed by someone else since you opened it. Reload it before saving.",
    "version_conflict",
  );
}
