import { withContentHtml } from "@codcrm/core/article/article-html";
import { FEED_SIZE, blogFeed } from "@codcrm/core/article/blog-feed";
import { withDescription } from "@codcrm/core/article/description";
import { NotFoundError } from "@codcrm/core/errors";
import { isLanguage } from "@codcrm/core/site/languages";
import { ARTICLE_STORES } from "../deps/article-stores.ts";
import { SHORT_PUBLIC_CACHE, type RouteHandler } from "../http/api.ts";
import { visitorLambda } from "../http/visitor-lambda.ts";
import { blogStrings } from "../pages/blog-strings.ts";

/** `/{lang}/blog/rss.xml`: RSS 2.0 of the published articles written in that language. */
export const route: RouteHandler = async (request, deps) => {
  const language = request.params.lang;
  if (!isLanguage(language)) throw new NotFoundError("Not found.");
  const strings = blogStrings(language);
  const stored = await (await deps.articles()).listPublishedWithContent(language);
  const articles = stored.slice(0, FEED_SIZE).map((article) => withDescription(withContentHtml(article)));
  const text = blogFeed(articles, {
    siteUrl: deps.config.SITE_URL,
    language,
    title: strings.feedTitle,
    description: strings.blogDescription,
    categoryName: strings.categoryName,
  });
  return {
    status: 200,
    text,
    headers: { "content-type": "application/rss+xml; charset=utf-8", ...SHORT_PUBLIC_CACHE },
  };
};

export const handler = visitorLambda(route, ARTICLE_STORES);
