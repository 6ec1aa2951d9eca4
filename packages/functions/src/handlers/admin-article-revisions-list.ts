import { ARTICLE_STORES } from "../deps/article-stores.ts";
import { json, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";

/** The article's earlier versions, newest first: `{ revisions: [{ version, updatedAt, title }] }`. */
export const route: RouteHandler = async (request, deps) =>
  json(200, { revisions: await (await deps.articles()).listRevisions(request.params.id ?? "") });

export const handler = lambda(route, ARTICLE_STORES);
