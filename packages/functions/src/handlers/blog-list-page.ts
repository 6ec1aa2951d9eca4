import { isLanguage } from "@codcrm/core/site/languages";
import { ARTICLE_STORES } from "../deps/article-stores.ts";
import type { RouteHandler } from "../http/api.ts";
import { visitorLambda } from "../http/visitor-lambda.ts";
import { listPage } from "../pages/list-page.ts";
import { unknownLanguagePage } from "../pages/unknown-language-page.ts";

/**
 * `/{lang}/blog`: the blog's list page with its first cards in the HTML (`listPage`). A path
 * whose first segment is no language is not a page of this site.
 */
export const route: RouteHandler = async (request, deps) => {
  const language = request.params.lang ?? "";
  if (!isLanguage(language)) return unknownLanguagePage(deps, request, "");
  return listPage(deps, request, language, undefined);
};

export const handler = visitorLambda(route, ARTICLE_STORES);
