import { checkTrashAccess } from "@codcrm/core/article/article-access";
import { ARTICLE_STORES } from "../deps/article-stores.ts";
import { json, signedIn, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";

/**
 * Brings an article back from the trash as a draft, with its history and, when its language is
 * still free in its group, its translations; 404 when it is not there or its 30 days are over
 * (docs/decisions/0450-article-trash.md).
 */
export const route: RouteHandler = async (request, deps) => {
  const id = request.params.id ?? "";
  const store = await deps.articles();
  checkTrashAccess(signedIn(request), await store.getTrashed(id));
  const { article, detached } = await store.restoreFromTrash(id, deps.clock());
  return json(200, { article, detached });
};

export const handler = lambda(route, ARTICLE_STORES);
