import { json, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";

/** Every article, drafts included, newest first, each with its group's other articles (`translations`). */
export const route: RouteHandler = async (_request, deps) =>
  json(200, { articles: await (await deps.articles()).listAllWithTranslations() });

export const handler = lambda(route);
