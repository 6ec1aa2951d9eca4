import { json, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";

/** Every article, drafts included, newest first. */
export const route: RouteHandler = async (_request, deps) =>
  json(200, { articles: await (await deps.articles()).listAll() });

export const handler = lambda(route);
