import type { Article } from "./article.ts";

/**
 * The trash (docs/decisions/0450-article-trash.md): deleting an article moves it here, with its
 * revisions, slugs and translation group kept; it can be restored, as a draft, for 30 days, and
 * is then erased for good.
 */

/** How long a deleted article stays restorable. */
export const TRASH_DAYS = 30;
/**
 * The table's TTL removes a trashed article's item this long after its erase date, in case the
 * erase job has not run: the job erases everything an article holds, the TTL only its item.
 */
export const TRASH_TTL_GRACE_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

/** When an article moved to the trash at `trashedAt` is erased (ISO instant). */
export function erasesAt(trashedAt: string): string {
  return new Date(Date.parse(trashedAt) + TRASH_DAYS * DAY_MS).toISOString();
}

/** Whether its 30 days are over: from then on it is gone, whether or not it is erased yet. */
export function trashExpired(trashedAt: string, now: Date): boolean {
  return Date.parse(erasesAt(trashedAt)) <= now.getTime();
}

/** The TTL attribute of a trashed item: seconds since the epoch, a week after its erase date. */
export function trashTtl(trashedAt: string): number {
  return Math.ceil((Date.parse(erasesAt(trashedAt)) + TRASH_TTL_GRACE_DAYS * DAY_MS) / 1000);
}

/** What the trash lists of an article. */
export type TrashedArticle = Pick<
  Article,
  "id" | "title" | "excerpt" | "language" | "slug" | "published" | "createdAt" | "updatedAt" | "version"
> & {
  trashedAt: string;
  /** When it is erased for good. */
  erasesAt: string;
};

/** `GET /api/admin/trash`, 200: newest in the trash first. */
export interface TrashListResponse {
  articles: TrashedArticle[];
}

/** `POST /api/admin/trash/{id}/restore`, 200. */
export interface TrashRestoreResponse {
  /** The article, a draft again, with its history. */
  article: Article;
  /**
   * True when its translation group had another article in its language by then: it came back
   * on its own, outside the group.
   */
  detached: boolean;
}

/** `DELETE /api/admin/trash`, 200. */
export interface EmptyTrashResponse {
  erased: number;
}
