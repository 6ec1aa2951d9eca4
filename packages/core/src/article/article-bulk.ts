// Zod Mini, as the other article bodies (article-schema.ts).
import * as z from "zod/mini";
import type { AdminArticle } from "./article.ts";

/** What the list's bulk actions do to each article chosen. */
export const BULK_ACTIONS = ["publish", "unpublish", "trash"] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
/** Articles one bulk action takes at the most. */
export const BULK_MAX = 100;

/** `POST /api/admin/articles/bulk`'s body. */
export const articleBulkSchema = z.object({
  action: z.enum(BULK_ACTIONS, { error: "invalid" }),
  ids: z
    .array(z.string().check(z.trim(), z.minLength(1, "required"), z.maxLength(80, "too_long")))
    .check(z.minLength(1, "required"), z.maxLength(BULK_MAX, "too_many")),
});
export type ArticleBulk = z.output<typeof articleBulkSchema>;

/** What became of one article: done (with the article as it is now; none once in the trash), or why not. */
export type BulkResult =
  | { id: string; ok: true; article?: AdminArticle }
  | { id: string; ok: false; status: number; code: string; message: string };

/** `POST /api/admin/articles/bulk`, 200: one result per id, in the order given. */
export interface ArticleBulkResponse {
  results: BulkResult[];
}
