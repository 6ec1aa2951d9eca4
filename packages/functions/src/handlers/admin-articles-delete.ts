import { deleteArticle } from "@codcrm/core/article/delete-article";
import { ARTICLE_CHANGE_STORES } from "../deps/article-change-stores.ts";
import { ARTICLE_STORES } from "../deps/article-stores.ts";
import { signedIn, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";
import { articleAudit } from "../http/article-audit.ts";

export const route: RouteHandler = async (request, deps) => {
  const [store, changes] = await Promise.all([deps.articles(), deps.articleChanges()]);
  const before = await deleteArticle(store, changes, request.params.id ?? "", deps.clock(), signedIn(request));
  return { status: 204, audit: articleAudit(before, undefined) };
};

export const handler = lambda(route, ARTICLE_STORES, ARTICLE_CHANGE_STORES);
