import type { ArticleChanges } from "./article-changes.ts";
import type { ArticleWriteStore } from "./article-store.ts";
import { checkArticleWrite, type ArticleActor } from "./article-access.ts";
import { NotFoundError } from "../errors.ts";
import type { Article } from "./article.ts";

/**
 * Deletes an article (its claims, revisions and counter go with it) and tells what reacts to
 * article changes, as a save does (`ArticleService`), without loading the Markdown renderer.
 * 404 when there is no such article.
 */
export async function deleteArticle(
  store: Pick<ArticleWriteStore, "delete" | "getById">,
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
  const before = await store.delete(id);
  await changes.notify({ kind: "deleted", before, at: now });
  return before;
}
