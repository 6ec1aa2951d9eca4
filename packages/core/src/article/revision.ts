import type { Article } from "./article.ts";
import type { ArticleUpdate } from "./article-schema.ts";
import type { Category } from "./categories.ts";
import { NotFoundError } from "../errors.ts";
import { present } from "../present.ts";
import type { Language } from "../site/languages.ts";
import type { Tag } from "./tags.ts";

/** How many earlier versions of an article are kept (docs/decisions/0085-article-revisions.md). */
export const REVISIONS_KEPT = 50;

/** An earlier version of an article: every field an administrator writes, as it was saved. */
export interface ArticleRevision {
  version: number;
  updatedAt: string;
  title: string;
  excerpt: string;
  content: string;
  imageUrl?: string;
  imageAlt?: string;
  categories: Category[];
  language: Language;
  published: boolean;
  publishAt?: string;
  slug: string;
  /** Labels and search-engine overrides; revisions kept before these existed have none. */
  author?: string;
  tags?: Tag[];
  metaTitleOverride?: string;
  metaDescriptionOverride?: string;
  socialImageUrl?: string;
  /** Revisions kept before canonical URLs existed have none (docs/decisions/0117-canonical-url-override.md). */
  canonicalUrl?: string;
}

/** What the list of revisions shows of each. */
export type RevisionSummary = Pick<ArticleRevision, "version" | "updatedAt" | "title">;

/** The part of a saved article a revision keeps (derived fields are derived again on restore). */
export function toRevision(article: Article & { publishAt?: string }): ArticleRevision {
  return {
    version: article.version,
    updatedAt: article.updatedAt,
    title: article.title,
    excerpt: article.excerpt,
    content: article.content,
    categories: article.categories,
    language: article.language,
    published: article.published,
    slug: article.slug,
    // Kept only when set, as revisions always were.
    ...present({
      imageUrl: article.imageUrl,
      imageAlt: article.imageAlt,
      publishAt: article.publishAt,
      author: article.author,
      tags: article.tags,
      metaTitleOverride: article.metaTitleOverride,
      metaDescriptionOverride: article.metaDescriptionOverride,
      socialImageUrl: article.socialImageUrl,
      canonicalUrl: article.canonicalUrl,
    }),
  };
}

/**
 * The edit that restores `revision` over `current` (docs/decisions/0085-article-revisions.md):
 * the revision's text (title, excerpt, content, image, categories, labels, search-engine
 * overrides, canonical URL) on the article's own language and publication state, based on `expectedVersion`,
 * the version the administrator saw.
 */
export function revisionAsUpdate(revision: ArticleRevision, current: Article, expectedVersion: number): ArticleUpdate {
  return {
    title: revision.title,
    excerpt: revision.excerpt,
    content: revision.content,
    imageUrl: revision.imageUrl,
    imageAlt: revision.imageAlt,
    categories: revision.categories.map(({ id, name, names }) => ({ id, name, names })),
    published: current.published,
    language: current.language,
    author: revision.author,
    tags: revision.tags?.map((tag) => tag.name),
    metaTitle: revision.metaTitleOverride,
    metaDescription: revision.metaDescriptionOverride,
    socialImageUrl: revision.socialImageUrl,
    canonicalUrl: revision.canonicalUrl,
    publishAt: current.publishAt,
    version: expectedVersion,
  };
}

/** A `{version}` path segment: a positive whole number, else there is no such revision (404). */
export function revisionVersion(segment: string | undefined): number {
  if (!segment || !/^[1-9][0-9]{0,9}$/.test(segment)) throw new NotFoundError("Revision not found.");
  return Number(segment);
}
