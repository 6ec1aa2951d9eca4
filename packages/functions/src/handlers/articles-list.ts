import { articleQuerySchema, queryArticles } from "@codcrm/core/article/article-query";
import { ValidationError } from "@codcrm/core/errors";
import { fieldErrors } from "@codcrm/core/validation";
import { ARTICLE_STORES } from "../deps/article-stores.ts";
import { SHORT_PUBLIC_CACHE, json, type RouteHandler } from "../http/api.ts";
import { visitorLambda } from "../http/visitor-lambda.ts";

/**
 * Published articles only, without bodies, each with its published translations: `q`,
 * `category`, `sort`, `limit`, `offset`, `lang` (one language's articles only) and `cardsFor`
 * (a page's list: one article per translation group, that language first).
 */
export const route: RouteHandler = async (request, deps) => {
  const parsed = articleQuerySchema.safeParse(request.query);
  if (!parsed.success) throw new ValidationError(fieldErrors(parsed.error));
  const page = queryArticles(await (await deps.articles()).listPublished(parsed.data.lang), parsed.data);
  return json(200, page, SHORT_PUBLIC_CACHE);
};

export const handler = visitorLambda(route, ARTICLE_STORES);
