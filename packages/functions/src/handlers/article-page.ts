import { ARTICLE_STORES } from "../deps/article-stores.ts";
import { authorLookup } from "../staff/authors.ts";
import { resolveArticlePage } from "@codcrm/core/article/article-page";
import { BUILT_IN_CATEGORIES } from "@codcrm/core/article/categories";
import { publicArticle } from "@codcrm/core/article/public-article";
import { isLanguage } from "@codcrm/core/site/languages";
import { SHORT_PUBLIC_CACHE, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";
import { listPage } from "../pages/list-page.ts";
import { renderReactPage } from "../pages/react-page.ts";
import { unknownLanguagePage } from "../pages/unknown-language-page.ts";

/**
 * `/{lang}/blog/{segment}` as HTML, rendered by the web app's own routes
 * (docs/decisions/0001-blog-url-readings.md): a built-in category's list, or an article by slug,
 * id or former slug; when nothing matches, the first published article under a "not found"
 * notice, noindex, canonical to it. An article written in another language answers a permanent
 * redirect to its translation in `{lang}` when it has one, else the page in `{lang}` around the
 * article's own text with a notice, noindex, canonical to its real page
 * (docs/decisions/0050-multilingual-articles.md). Crawlers and link previews read this page as
 * it is; browsers get the same document and hydrate it.
 */
export const route: RouteHandler = async (request, deps) => {
  const lang = request.params.lang ?? "";
  const segment = request.params.segment ?? "";
  if (!isLanguage(lang)) return unknownLanguagePage(deps, request, segment);

  const category = BUILT_IN_CATEGORIES.find((c) => c.slug === segment);
  if (category) return listPage(deps, request, lang, category);

  const resolved = await resolveArticlePage(await deps.articles(), segment, lang);
  if (!resolved) {
    return renderReactPage(deps.config, {
      path: request.path,
      context: { blogPage: { kind: "empty", segment } },
      status: 404,
      headers: { "cache-control": "no-cache" },
    });
  }
  const article = await publicArticle(await deps.articles(), resolved.article, authorLookup(deps));
  const notFound = resolved.matchedBy === "fallback";
  const translation = article.translations.find((t) => t.language === lang);
  if (!notFound && article.language !== lang && translation) {
    return {
      status: 301,
      headers: { location: `/${lang}/blog/${encodeURIComponent(translation.slug)}`, ...SHORT_PUBLIC_CACHE },
    };
  }
  // A missing article still answers 200: the page shows an article (noindex keeps it out of
  // search results), and an error status would let the CDN swap in its error page.
  return renderReactPage(deps.config, {
    path: request.path,
    context: { blogPage: { kind: "article", segment, result: { article, matchedBy: resolved.matchedBy } } },
    status: 200,
    headers: SHORT_PUBLIC_CACHE,
  });
};

export const handler = lambda(route, ARTICLE_STORES);
