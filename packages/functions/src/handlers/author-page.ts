import { isLanguage } from "@codcrm/core/site/languages";
import { ARTICLE_STORES } from "../deps/article-stores.ts";
import { SHORT_PUBLIC_CACHE, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";
import { authorPageData } from "../pages/author-data.ts";
import { renderReactPage } from "../pages/react-page.ts";
import { unknownLanguagePage } from "../pages/unknown-language-page.ts";

/**
 * `/{lang}/blog/autor/{slug}` as HTML, rendered by the web app's own route: the author's name,
 * role line, bio and photo, their articles in that language, and JSON-LD `Person`
 * (docs/decisions/0427-authors-in-public.md). 404, noindex, for a slug nobody has.
 */
export const route: RouteHandler = async (request, deps) => {
  const lang = request.params.lang ?? "";
  const slug = request.params.slug ?? "";
  if (!isLanguage(lang)) return unknownLanguagePage(deps, request, `autor/${slug}`);
  const data = await authorPageData(deps, slug, lang);
  if (!data) {
    return renderReactPage(deps.config, {
      path: request.path,
      context: { blogPage: { kind: "empty", segment: `autor/${slug}` } },
      status: 404,
      headers: { "cache-control": "no-cache" },
    });
  }
  return renderReactPage(deps.config, {
    path: request.path,
    context: { blogPage: { kind: "author", ...data } },
    status: 200,
    headers: SHORT_PUBLIC_CACHE,
  });
};

export const handler = lambda(route, ARTICLE_STORES);
