import { BUILT_IN_CATEGORIES } from "@codcrm/core/article/categories";
import { sitemap } from "@codcrm/core/article/sitemap";
import { ARTICLE_STORES } from "../deps/article-stores.ts";
import { SHORT_PUBLIC_CACHE, type RouteHandler } from "../http/api.ts";
import { visitorLambda } from "../http/visitor-lambda.ts";

/** `/sitemap.xml`: public pages, blog categories and published articles, in every language. */
export const route: RouteHandler = async (_request, deps) => {
  const text = sitemap({
    siteUrl: deps.config.SITE_URL,
    articles: await (await deps.articles()).listPublished(),
    categories: BUILT_IN_CATEGORIES,
  });
  return { status: 200, text, headers: { "content-type": "application/xml; charset=utf-8", ...SHORT_PUBLIC_CACHE } };
};

export const handler = visitorLambda(route, ARTICLE_STORES);
