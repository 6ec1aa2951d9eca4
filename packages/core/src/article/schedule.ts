import type { Article } from "./article.ts";
import { VALIDATION_CODES, type FieldError } from "../validation.ts";

/**
 * Whether a published article is still waiting for its `publishAt`: such an article shows
 * nowhere public until then (docs/decisions/0089-scheduled-publishing.md).
 */
export function isScheduled(article: Pick<Article, "published" | "publishAt">, now: Date): boolean {
  return article.published && article.publishAt !== undefined && Date.parse(article.publishAt) > now.getTime();
}

/**
 * A save that publishes at a `publishAt` already past is refused, unless it is the one the
 * article already has (an edit of an article whose scheduled time has come keeps it).
 */
export function publishAtErrors(
  input: { published: boolean; publishAt?: string },
  stored: Pick<Article, "publishAt"> | undefined,
  now: Date,
): FieldError[] {
  if (!input.published || !input.publishAt || input.publishAt === stored?.publishAt) return [];
  if (Date.parse(input.publishAt) > now.getTime()) return [];
  return [{ field: "publishAt", code: "past", message: `publishAt ${VALIDATION_CODES.past}` }];
}

/**
 * The article as visitors see it: its public date is `publishAt` when it was scheduled (its
 * date in lists, on its page, in the feed and as the sitemap's last change), else its creation.
 */
export function withPublicDate<T extends Pick<Article, "createdAt" | "updatedAt" | "publishAt" | "publishedAt">>(
  article: T,
): T {
  const at = article.publishAt;
  if (!at) return article;
  return { ...article, createdAt: at, publishedAt: at, updatedAt: article.updatedAt > at ? article.updatedAt : at };
}
