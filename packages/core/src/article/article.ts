import type { ArticleInput, ArticleUpdate } from "./article-schema.ts";
import { BUILT_IN_CATEGORIES, type Category, type CategoryNames } from "./categories.ts";
import { DEFAULT_VIEW_COUNT, defaultExcerpt, metaKeywords, metaTitle, readingTime } from "./derive.ts";
import { slugify } from "./slug.ts";
import { normalizeTags, type Tag } from "./tags.ts";
import type { Language } from "../site/languages.ts";
import type { MediaInfo } from "../media/media-rules.ts";
import type { PendingChanges } from "./pending-changes.ts";

export interface Article {
  id: string;
  slug: string;
  /** The one language its text is written in (docs/decisions/0050-multilingual-articles.md). */
  language: Language;
  /** Shared by an article and its translations; a new article starts its own (its id). */
  translationGroup: string;
  /** Slugs the article had before its title changed; they keep resolving to it. */
  formerSlugs: string[];
  title: string;
  excerpt: string;
  content: string;
  /**
   * The content as safe HTML, made by `renderArticleContent` when the article is saved.
   * Articles saved before content was Markdown have none: `withContentHtml` renders it on read.
   */
  contentHtml?: string;
  imageUrl?: string;
  /** The cover's text alternative (articles saved before it have none). */
  imageAlt?: string;
  /** Size and variants of the cover when it is an uploaded image, looked up on save (never sent by clients). */
  imageMedia?: MediaInfo;
  categories: Category[];
  createdAt: string;
  updatedAt: string;
  published: boolean;
  /** When a published article shows on the site; absent: at once (articles saved before scheduling have none). */
  publishAt?: string;
  viewCount: number;
  metaTitle: string;
  metaDescription: string;
  metaKeywords: string;
  readingTime: number;
  version: number;
  /** Shown beside the date (docs/decisions/0075-article-labels.md); none when no name is configured. */
  author?: string;
  /**
   * The staff account that wrote it (its author page); absent on articles stored before
   * accounts, which are the owner's (docs/decisions/0423-upgrade-to-staff-accounts.md).
   */
  authorId?: string;
  /**
   * A translation's source version when the translation was last saved: the source changed
   * since when its version is higher (docs/decisions/0426-translations-that-fall-behind.md).
   */
  sourceVersion?: number;
  /** Free tags, one per slug; items stored before tags existed read as none (the repository gives `[]`). */
  tags?: Tag[];
  /** When it first became published; published items stored before this field read as `createdAt`. */
  publishedAt?: string;
  /**
   * What the administrator typed for search engines, kept apart from the public `metaTitle`
   * and `metaDescription` (which fall back to the derived values when these are blank), so the
   * editor shows blank when nothing was overridden (docs/decisions/0077-seo-overrides.md).
   */
  metaTitleOverride?: string;
  metaDescriptionOverride?: string;
  /** og:image / twitter:image: an https URL or a /media/ path; the cover image when absent. */
  socialImageUrl?: string;
  /**
   * Its own generated card when it has neither a cover nor a social image
   * (docs/decisions/0454-generated-social-cards.md): derived when the article is read, never
   * stored; its address changes with its title, category or author.
   */
  socialCard?: MediaInfo;
  /**
   * Where the article was first published, named by its page's `rel="canonical"`; each
   * language's version has its own (docs/decisions/0117-canonical-url-override.md).
   * Articles stored before it have none: their own page is canonical.
   */
  canonicalUrl?: string;
}

/** An article's link to its author's page. */
export interface AuthorLink {
  slug: string;
  name: string;
}

/** A related article's card at the end of an article (docs/decisions/0076-related-articles.md). */
export type RelatedArticle = Pick<
  Article,
  "id" | "slug" | "title" | "excerpt" | "createdAt" | "readingTime" | "categories" | "imageUrl" | "language" | "tags"
>;

/** A published translation as visitors see it: its own URL is `/{language}/blog/{slug}`. */
export interface PublicTranslation {
  language: Language;
  slug: string;
  /** Its canonical URL override, when it has one: one on another site keeps it out of hreflang (0117). */
  canonicalUrl?: string;
}

/** A translation as the administrator sees it, drafts included. */
export interface AdminTranslation {
  language: Language;
  id: string;
  slug: string;
  published: boolean;
  /** Its source changed since it was last saved (docs/decisions/0426-translations-that-fall-behind.md). */
  outdated?: boolean;
}

/**
 * A translation whose source changed since it was last saved: the source, the version the
 * translation was saved against (absent for one saved before this was kept) and the source's
 * version now; with the source's current text when one article is answered (the editor's diff).
 */
export interface FallenBehind {
  sourceId: string;
  sourceLanguage: Language;
  since?: number;
  current: number;
  source?: { title: string; excerpt: string; content: string };
}

/** What a list shows: everything but the body, with its published translations (never itself). */
export type ArticleSummary = Omit<Article, "content" | "contentHtml" | "formerSlugs"> & {
  translations: PublicTranslation[];
};
/** What a visitor may see of one article: its body always as HTML, and its published translations (never itself). */
export type PublicArticle = Omit<Article, "formerSlugs" | "contentHtml"> & {
  contentHtml: string;
  translations: PublicTranslation[];
  /**
   * Its author's page, when its byline is a person of the staff (`/{lang}/blog/autor/{slug}`):
   * the author's name and slug, read when the article is answered.
   */
  authorPage?: AuthorLink;
  /** Up to three other published articles to read next; computed by the server (`relatedArticles`). */
  related?: RelatedArticle[];
};
/**
 * What the administrator sees: every field, every other article of its group, whether it fell
 * behind its source (docs/decisions/0426-translations-that-fall-behind.md), and its pending
 * changes when a published article has edits not yet published
 * (docs/decisions/0451-pending-changes-of-a-published-article.md).
 */
export type AdminArticle = Article & {
  translations: AdminTranslation[];
  behind?: FallenBehind;
  pending?: PendingChanges;
};

export function toSummary(article: Article, translations: PublicTranslation[] = []): ArticleSummary {
  const { content: _content, contentHtml: _contentHtml, formerSlugs: _formerSlugs, ...summary } = article;
  return { ...summary, translations };
}

export function toPublic(
  article: Article & { contentHtml: string },
  translations: PublicTranslation[] = [],
  related?: RelatedArticle[],
): PublicArticle {
  const { formerSlugs: _formerSlugs, ...rest } = article;
  return { ...rest, translations, ...(related ? { related } : {}) };
}

/**
 * Built-in categories are recognised by id or by name; others get an id and slug from their name,
 * and keep the names per language they were given.
 */
export function normalizeCategories(input: ArticleInput["categories"]): Category[] {
  const byId = new Map<string, Category>();
  for (const { id, name, names } of input) {
    const slug = slugify(name);
    const builtIn = BUILT_IN_CATEGORIES.find(
      (c) => c.id === id || c.slug === slug || c.name.toLowerCase() === name.toLowerCase(),
    );
    const category = builtIn ?? { id: slug, slug, name, ...givenNames(names) };
    if (category.slug && !byId.has(category.id)) byId.set(category.id, { ...category });
  }
  return [...byId.values()];
}

/** The names per language that were given (blank ones are not), or nothing when none was. */
function givenNames(names: ArticleInput["categories"][number]["names"]): { names?: CategoryNames } {
  const given = Object.fromEntries(Object.entries(names ?? {}).filter(([, value]) => value)) as CategoryNames;
  return Object.keys(given).length ? { names: given } : {};
}

/** A timestamp-based id, with a random tail so two articles created in one millisecond differ. */
export function newArticleId(now: Date, random: () => number = Math.random): string {
  const tail = Math.floor(random() * 36 ** 4)
    .toString(36)
    .padStart(4, "0");
  return `${now.getTime()}${tail}`;
}

/**
 * What the server adds to an input before saving it: the cover's checked image, when it is
 * one, and the description derived from the excerpt (`articleDescription`, made by the
 * service, which carries the Markdown parser; readers derive it again on read, so the stored
 * one only keeps the item readable as it is).
 */
export type ArticleSaveInput = ArticleInput & {
  imageMedia?: MediaInfo;
  description?: string;
  /** Set by the service from the signed-in person on create; never from the body. */
  authorId?: string;
  /** Set by the service on each save of a translation: its source's version then. */
  sourceVersion?: number;
};

/**
 * What the article service hands the store to write (`article-service.ts`): the checked input,
 * its cover's image record and its content rendered (`renderArticleContent`), so the store
 * derives nothing that needs the renderer or the media records.
 */
export type ArticleSave = ArticleSaveInput & { contentHtml: string; description: string };
/** An edit to write: the same, with the version it was based on. */
export type ArticleUpdateSave = ArticleUpdate & {
  imageMedia?: MediaInfo;
  contentHtml: string;
  description: string;
  sourceVersion?: number;
};

/** Every field derived from the input: the one place these rules are applied. */
export function deriveFields(input: ArticleSaveInput) {
  return {
    title: input.title,
    excerpt: input.excerpt || defaultExcerpt(input.content),
    content: input.content,
    imageUrl: input.imageUrl,
    imageAlt: input.imageUrl ? input.imageAlt || undefined : undefined,
    imageMedia: input.imageUrl ? input.imageMedia : undefined,
    categories: normalizeCategories(input.categories),
    published: input.published,
    metaTitle: input.metaTitle ?? metaTitle(input.title),
    metaDescription: input.description ?? input.metaDescription ?? "",
    metaKeywords: metaKeywords(input.title, input.content),
    readingTime: readingTime(input.content),
    author: input.author,
    tags: normalizeTags(input.tags ?? []),
    metaTitleOverride: input.metaTitle,
    metaDescriptionOverride: input.metaDescription,
    socialImageUrl: input.socialImageUrl,
    canonicalUrl: input.canonicalUrl,
    publishAt: input.published ? input.publishAt : undefined,
    ...(input.sourceVersion === undefined ? {} : { sourceVersion: input.sourceVersion }),
  };
}

/**
 * The first instant an article was published: kept once set; an article published before
 * this was recorded counts from its creation; else now when this save publishes it.
 */
export function firstPublishedAt(
  current: Pick<Article, "publishedAt" | "published" | "createdAt"> | undefined,
  publishing: boolean,
  now: Date,
): string | undefined {
  if (current?.publishedAt) return current.publishedAt;
  if (current?.published) return current.createdAt;
  return publishing ? now.toISOString() : undefined;
}

/** `contentHtml`: the content rendered (`renderArticleContent`), kept with the article. */
export function createArticle(
  input: ArticleSaveInput,
  id: string,
  slug: string,
  now: Date,
  contentHtml: string,
  translationGroup: string = id,
): Article {
  const at = now.toISOString();
  return {
    id,
    slug,
    language: input.language,
    translationGroup,
    formerSlugs: [],
    ...deriveFields(input),
    ...(input.authorId ? { authorId: input.authorId } : {}),
    contentHtml,
    createdAt: at,
    updatedAt: at,
    publishedAt: firstPublishedAt(undefined, input.published, now),
    viewCount: DEFAULT_VIEW_COUNT,
    version: 1,
  };
}

export function updateArticle(
  current: Article,
  input: ArticleSaveInput,
  slug: string,
  now: Date,
  contentHtml: string,
): Article {
  const formerSlugs =
    slug === current.slug ? current.formerSlugs : [...new Set([...current.formerSlugs, current.slug])];
  return {
    ...current,
    ...deriveFields(input),
    language: input.language,
    contentHtml,
    slug,
    formerSlugs: formerSlugs.filter((s) => s !== slug),
    updatedAt: now.toISOString(),
    publishedAt: firstPublishedAt(current, input.published, now),
    version: current.version + 1,
  };
}
