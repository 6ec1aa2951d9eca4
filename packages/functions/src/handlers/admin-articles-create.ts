import { json, type RouteHandler } from "../http/api.ts";
import { articleService } from "../http/article-service.ts";
import { lambda } from "../http/lambda.ts";

export const route: RouteHandler = async (request, deps) =>
  json(201, { article: await (await articleService(deps)).create(request.body) });

export const handler = lambda(route);
