import { articleInputSchema } from "@codcrm/core/article/article-schema";
import { json, parseWith, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";

export const route: RouteHandler = async (request, deps) => {
  const input = parseWith(articleInputSchema, request.body);
  const article = await (await deps.articles()).create(input, deps.clock());
  return json(201, { article: await (await deps.articles()).withAdminTranslations(article) });
};

export const handler = lambda(route);
