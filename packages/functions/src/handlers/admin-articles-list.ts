import { adminArticleQuerySchema, queryAdminArticles } from "@codcrm/core/article/admin-query";
import { ValidationError } from "@codcrm/core/errors";
import { fieldErrors } from "@codcrm/core/validation";
import { ARTICLE_STORES } from "../deps/article-stores.ts";
import { json, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";

/**
 * Articles, drafts included, each with its group's other articles (`translations`), its
 * `status` and view count: `q` (title, any case or accents), `status`, `category`,
 * `language`, `sort` (updated, created, views; newest or most first), `limit`, `cursor`.
 * Answers `{ articles, total, nextCursor? }`.
 */
export const route: RouteHandler = async (request, deps) => {
  const parsed = adminArticleQuerySchema.safeParse(request.query);
  if (!parsed.success) throw new ValidationError(fieldErrors(parsed.error));
  const all = await (await deps.articles()).listAllWithTranslations();
  return json(200, queryAdminArticles(all, parsed.data, deps.clock()));
};

export const handler = lambda(route, ARTICLE_STORES);
