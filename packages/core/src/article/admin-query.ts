// Zod Mini: the admin list function parses its query with it alone, about 65 KB lighter than
// classic zod.
import * as z from "zod/mini";
import { BadRequestError } from "../errors.ts";
import { foldText } from "../fold-text.ts";
import { LANGUAGES } from "../site/languages.ts";
import type { AdminArticle, Article } from "./article.ts";

/**
 * The administrator's article list: search, filters, sort and paging
 * (docs/decisions/0088-admin-article-list.md).
 */
export const ARTICLE_STATUSES = ["published", "draft", "scheduled"] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];
export const ADMIN_SORTS = ["updated", "created", "views"] as const;
export const ADMIN_PAGE_DEFAULT = 50;
export const ADMIN_PAGE_MAX = 200;

export const adminArticleQuerySchema = z.object({
  q: z._default(z.string().check(z.trim(), z.maxLength(200, "too_long")), ""),
  status: z.optional(z.enum(ARTICLE_STATUSES, { error: "invalid" })),
  category: z.optional(z.string().check(z.trim(), z.maxLength(80, "too_long"))),
  language: z.optional(z.enum(LANGUAGES, { error: "invalid" })),
  sort: z._default(z.enum(ADMIN_SORTS, { error: "invalid" }), "updated"),
  limit: z._default(
    z.coerce
      .number({ error: "invalid" })
      .check(z.int("invalid"), z.minimum(1, "invalid"), z.maximum(ADMIN_PAGE_MAX, "invalid")),
    ADMIN_PAGE_DEFAULT,
  ),
  cursor: z.optional(z.string().check(z.maxLength(200, "too_long"))),
});
export type AdminArticleQuery = z.output<typeof adminArticleQuerySchema>;

/**
 * Published, draft, or scheduled: published with a `publishAt` still to come (it shows
 * nowhere public until then).
 */
export function articleStatus(article: Pick<Article, "published"> & { publishAt?: string }, now: Date): ArticleStatus {
  if (!article.published) return "draft";
  return article.publishAt && Date.parse(article.publishAt) > now.getTime() ? "scheduled" : "published";
}

export { foldText } from "../fold-text.ts";

export interface AdminArticlePage {
  articles: (AdminArticle & { status: ArticleStatus })[];
  /** How many articles match, over every page. */
  total: number;
  /** Pass back as `cursor` for the next page; absent on the last one. */
  nextCursor?: string;
}

const BY: Record<AdminArticleQuery["sort"], (a: AdminArticle, b: AdminArticle) => number> = {
  updated: (a, b) => b.updatedAt.localeCompare(a.updatedAt),
  created: (a, b) => b.createdAt.localeCompare(a.createdAt),
  views: (a, b) => b.viewCount - a.viewCount,
};

/** The list's order: by `sort`, newest id first among equals (a stable order for paging). */
export function compareAdminArticles(sort: AdminArticleQuery["sort"]): (a: AdminArticle, b: AdminArticle) => number {
  return (a, b) => BY[sort](a, b) || b.id.localeCompare(a.id);
}

export type AdminArticleFilter = Pick<AdminArticleQuery, "q" | "status" | "category" | "language">;

/**
 * Whether an article is in the list: every word of `q` in its title, whatever the case and
 * accents ("envios gestion" finds "Gestión de envíos"), and each filter given. The API and
 * the admin page filter with this one rule.
 */
export function matchesAdminFilter(
  article: AdminArticle & { status: ArticleStatus },
  filter: AdminArticleFilter,
): boolean {
  const title = foldText(article.title);
  return (
    foldText(filter.q)
      .split(/\s+/)
      .every((word) => title.includes(word)) &&
    (!filter.status || article.status === filter.status) &&
    (!filter.category || article.categories.some((c) => c.id === filter.category || c.slug === filter.category)) &&
    (!filter.language || article.language === filter.language)
  );
}

export function queryAdminArticles(
  all: readonly AdminArticle[],
  query: AdminArticleQuery,
  now: Date,
): AdminArticlePage {
  const matching = all
    .map((article) => ({ ...article, status: articleStatus(article, now) }))
    .filter((article) => matchesAdminFilter(article, query))
    .sort(compareAdminArticles(query.sort));
  const offset = query.cursor ? decodeOffset(query.cursor) : 0;
  const end = offset + query.limit;
  return {
    articles: matching.slice(offset, end),
    total: matching.length,
    ...(end < matching.length ? { nextCursor: encodeOffset(end) } : {}),
  };
}

/**
 * The cursor is the position in the list as it is sorted: opaque to clients, and a cursor
 * that is not one this list gave is refused (400 `invalid_cursor`), as the other lists do.
 */
function encodeOffset(offset: number): string {
  return Buffer.from(JSON.stringify({ offset })).toString("base64url");
}

function decodeOffset(cursor: string): number {
  try {
    const value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown;
    if (value && typeof value === "object" && !Array.isArray(value) && Object.keys(value).join() === "offset") {
      const { offset } = value as { offset: unknown };
      if (typeof offset === "number" && Number.isSafeInteger(offset) && offset > 0) return offset;
    }
  } catch {
    // fall through
  }
  throw new BadRequestError("invalid_cursor", "The cursor is not valid for this list.");
}
