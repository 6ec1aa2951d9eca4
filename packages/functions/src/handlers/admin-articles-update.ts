import { json, type RouteHandler } from "../http/api.ts";
import { articleService } from "../http/article-service.ts";
import { lambda } from "../http/lambda.ts";

/** Saves an edit; 409 `version_conflict` when the article changed since `version`. */
export const route: RouteHandler = async (request, deps) =>
  json(200, { article: await (await articleService(deps)).update(request.params.id ?? "", request.body) });

export const handler = lambda(route);
