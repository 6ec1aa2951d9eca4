import { ARTICLE_STORES } from "../deps/article-stores.ts";
import { json, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";

/** Empties the trash: every article in it is erased for good; answers how many. */
export const route: RouteHandler = async (_request, deps) =>
  json(200, { erased: await (await deps.articles()).eraseTrash(deps.clock()) });

export const handler = lambda(route, ARTICLE_STORES);
