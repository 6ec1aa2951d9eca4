import type { ArticleChanges } from "./article-changes.ts";
import type { ArticleWriteStore } from "./article-store.ts";

/**
 * Deletes an article: it moves to the trash (docs/decisions/0450-article-trash.md), where it
 * stays restorable for 30 days, and whatever reacts to article changes is told, as after a save
 * (`ArticleService`), without loading the Markdown renderer: visitors no longer see it. 404 when
 * there is no such article.
 */
export async function deleteArticle(
  store: Pick<ArticleWriteStore, "trash">,
  changes: ArticleChanges,
  id: string,
  now: Date,
): Promise<void> {
  const before = await store.trash(id, now);
  await changes.notify({ kind: "deleted", before, at: now });
}
