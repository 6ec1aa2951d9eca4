import { NotFoundError } from "@codcrm/core/errors";
import { DEFAULT_LANGUAGE, isLanguage } from "@codcrm/core/site/languages";
import { ARTICLE_STORES } from "../deps/article-stores.ts";
import { SHORT_PUBLIC_CACHE, json, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";
import { authorPageData } from "../pages/author-data.ts";

/** An author's page data (`?lang=`, Spanish by default): what the author page shows after a navigation in the app. */
export const route: RouteHandler = async (request, deps) => {
  const lang = isLanguage(request.query.lang) ? request.query.lang : DEFAULT_LANGUAGE;
  const data = await authorPageData(deps, request.params.slug ?? "", lang);
  if (!data) throw new NotFoundError("No author by that name.");
  return json(200, data, SHORT_PUBLIC_CACHE);
};

export const handler = lambda(route, ARTICLE_STORES);
