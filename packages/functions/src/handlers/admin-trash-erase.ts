import { checkTrashAccess } from "@codcrm/core/article/article-access";
import { ARTICLE_STORES } from "../deps/article-stores.ts";
import { signedIn, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";

/** Erases one article in the trash for good, with its revisions; 404 when it is not in the trash. */
export const route: RouteHandler = async (request, deps) => {
  const id = request.params.id ?? "";
  const store = await deps.articles();
  checkTrashAccess(signedIn(request), await store.getTrashed(id));
  await store.erase(id);
  return { status: 204 };
};

export const handler = lambda(route, ARTICLE_STORES);
