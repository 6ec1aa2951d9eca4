import type { ArticleChanges } from "./article-changes.ts";
import type { ArticleWriteStore } from "./article-store.ts";

/**
 * Deletes an article (its claims, revisions and counter go with it) and tells what reacts to
 * article changes, as a save does (`ArticleService`), without loading the Markdown renderer.
 * 404 when there is no such article.
 */
export async function deleteArticle(
  store: Pick<ArticleWriteStore, "delete">,
  changes: ArticleChanges,
  id: string,
  now: Date,
): Promise<void> {
  const before = await store.delete(id);
  await changes.notify({ kind: "deleted", before, at: now });
}
