import { ARTICLE_STORES } from "../deps/article-stores.ts";
import { authorLookup } from "../staff/authors.ts";
import { verifyPreviewToken } from "@codcrm/core/article/preview-link.server";
import { publicArticle } from "@codcrm/core/article/public-article";
import { NotFoundError } from "@codcrm/core/errors";
import { isLanguage } from "@codcrm/core/site/languages";
import type { RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";
import { renderReactPage } from "../pages/react-page.ts";

/** Nobody keeps a preview: not the CDN, not the browser's cache (docs/decisions/0086-preview-links.md). */
const PREVIEW_HEADERS = { "cache-control": "private, no-store", "x-robots-tag": "noindex, nofollow" };

/**
 * `/{lang}/blog/preview/{token}`: the article as saved (a draft too), rendered by the app's own
 * article page under a "preview, not published" banner, for anyone with a valid link. A bad
 * signature, an expired link or an article that no longer exists all answer the same 404, so the
 * page tells nothing about which. No view is counted: the page carries the site's frame and
 * styles but not the app (which counts views and would route the path as an unknown page).
 */
export const route: RouteHandler = async (request, deps) => {
  const lang = request.params.lang ?? "";
  if (!isLanguage(lang)) return notFound();
  const id = verifyPreviewToken(request.params.token ?? "", deps.clock(), deps.config.JWT_SECRET);
  const articles = await deps.articles();
  const saved = id ? await articles.getById(id) : undefined;
  if (!saved) return notFound();
  const article = await publicArticle(articles, saved, authorLookup(deps));
  const page = await renderReactPage(deps.config, {
    // The article's own route renders it; the page keeps none of the app, so its address is the preview's.
    path: `/${lang}/blog/${encodeURIComponent(article.slug)}`,
    context: {
      blogPage: { kind: "article", segment: article.slug, result: { article, matchedBy: "slug" }, preview: true },
    },
    status: 200,
    headers: PREVIEW_HEADERS,
  });
  return { ...page, text: withoutApp(page.text) };
};

/** The one answer to every link that shows nothing: any not-found's, whatever went wrong. */
function notFound(): never {
  throw new NotFoundError();
}

/** The app's start script and its data out of the document (JSON-LD stays): the page stays as rendered. */
function withoutApp(html: string): string {
  return html.replace(/<script\b(?![^>]*\btype="application\/ld\+json")[^>]*>[\s\S]*?<\/script>/g, "");
}

export const handler = lambda(route, ARTICLE_STORES);
