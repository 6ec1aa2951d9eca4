import { articleBulkSchema, type BulkResult } from "@codcrm/core/article/article-bulk";
import { deleteArticle } from "@codcrm/core/article/delete-article";
import { AppError } from "@codcrm/core/errors";
import { ARTICLE_CHANGE_STORES } from "../deps/article-change-stores.ts";
import { ARTICLE_STORES } from "../deps/article-stores.ts";
import { MEDIA_STORES } from "../deps/media-stores.ts";
import { audited, parseWith, signedIn, type RouteHandler } from "../http/api.ts";
import { articleService } from "../http/article-service.ts";
import { lambda } from "../http/lambda.ts";

/**
 * The list's bulk actions: publishes, unpublishes or moves to the trash each article named,
 * one after the other, each as its own save or move (a publish is checked as any save is); one
 * refused does not stop the others. Answers what became of each; the CDN's copies are dropped
 * once at the end. Each article is checked against the person's role as its own edit would be.
 */
export const route: RouteHandler = async (request, deps) => {
  const { action, ids } = parseWith(articleBulkSchema, request.body);
  const [service, store, changes] = await Promise.all([articleService(deps), deps.articles(), deps.articleChanges()]);
  const actor = signedIn(request);
  const results = await changes.batch(async () => {
    const done: BulkResult[] = [];
    for (const id of ids) {
      try {
        if (action === "trash") {
          await deleteArticle(store, changes, id, deps.clock(), actor);
          done.push({ id, ok: true });
        } else done.push({ id, ok: true, article: await service.setPublished(id, action === "publish", actor) });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        done.push({ id, ok: false, status: error.status, code: error.code, message: error.message });
      }
    }
    return done;
  });
  const done = results.filter((result) => result.ok).map((result) => result.id);
  // One entry for the action, naming the articles it changed (docs/decisions/0424-audit-trail.md).
  return audited(
    200,
    { results },
    { kind: "article", summary: `${action} × ${done.length}`, after: { action, ids: done } },
  );
};

export const handler = lambda(route, ARTICLE_STORES, ARTICLE_CHANGE_STORES, MEDIA_STORES);
