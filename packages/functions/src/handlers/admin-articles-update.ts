import { articleUpdateSchema } from "@codcrm/core/article/article-schema";
import { json, parseWith, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";

/** Saves an edit; 409 `version_conflict` when the article changed since `version`. */
export const route: RouteHandler = async (request, deps) => {
  const update = parseWith(articleUpdateSchema, request.body);
  const article = await (await deps.articles()).update(request.params.id ?? "", update, deps.clock());
  return json(200, { article: await (await deps.articles()).withAdminTranslations(article) });
};

export const handler = lambda(route);
