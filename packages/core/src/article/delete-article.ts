import type { ArticleChanges } from "./article-changes.ts";
import type { ArticleWriteStore } from "./article-store.ts";
import { checkArticleWrite, type ArticleActor } from "./article-access.ts";
import { NotFoundError } from "../errors.ts";
import type { Article } from "./article.ts";

/**
 * Deletes an article: it moves to the trash (docs/decisions/0450-article-trash.md), where it
 * stays restorable for 30 days, and whatever reacts to article changes is told, as after a save
 * (`ArticleService`), without loading the Markdown renderer: visitors no longer see it. 404 when
 * there is no such article.
 */
export async function deleteArticle(
  store: Pick<ArticleWriteStore, "trash" | "getById">,
  changes: ArticleChanges,
  id: string,
  now: Date,
  actor?: ArticleActor,
): Promise<Article> {
  if (actor) {
    // Another person's article, or a published one, asks the same of the role as changing it.
    const current = await store.getById(id);
    if (!current) throw new NotFoundError("Article not found.");
    checkArticleWrite(actor, current, current.published);
  }
  const before = await store.trash(id, now);
  await changes.notify({ kind: "deleted", before, at: now });
  return before;
}
