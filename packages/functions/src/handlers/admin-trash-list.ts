import { ARTICLE_STORES } from "../deps/article-stores.ts";
import { json, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";

/**
 * The articles in the trash, most recently deleted first, each with when it is erased
 * (docs/decisions/0450-article-trash.md); those past their 30 days are gone, erased or not.
 */
export const route: RouteHandler = async (_request, deps) =>
  json(200, { articles: await (await deps.articles()).listTrash(deps.clock()) });

export const handler = lambda(route, ARTICLE_STORES);
