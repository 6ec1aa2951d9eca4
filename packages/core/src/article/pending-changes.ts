import { deriveFields, type Article } from "./article.ts";
import type { ArticleInput } from "./article-schema.ts";

/**
 * A published article's edits kept on the server until "Actualizar"
 * (docs/decisions/0451-pending-changes-of-a-published-article.md): what visitors see stays the
 * published version, while the text being written is saved as one types, from any device.
 * Stored beside the article as `ARTICLE#{id}` / `PENDING`.
 */
export interface PendingChanges {
  /** Grows by one with each save of the pending changes: two tabs cannot overwrite each other's. */
  revision: number;
  /** The article's version the changes were written on. */
  baseVersion: number;
  /** When they were last saved (ISO instant). */
  savedAt: string;
  /** The form's values, as the API validated them. */
  values: ArticleInput;
}

/** `PUT /api/admin/articles/{id}/pending`, 200. */
export interface PendingChangesResponse {
  pending: PendingChanges;
}

/**
 * The article as it would read with its pending changes applied (its own state otherwise): what
 * the editor opens, so each panel reads the changes as it reads an article.
 */
export function withPendingChanges<T extends Article>(article: T, pending: PendingChanges): T {
  return { ...article, ...deriveFields(pending.values), language: pending.values.language };
}
