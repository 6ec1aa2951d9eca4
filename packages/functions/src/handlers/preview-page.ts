import { articleHeadInput } from "@codcrm/core/article/article-head";
import { verifyPreviewToken } from "@codcrm/core/article/preview-link.server";
import { publicArticle } from "@codcrm/core/article/public-article";
import { PRODUCT_NAME } from "@codcrm/core/brand";
import { NotFoundError } from "@codcrm/core/errors";
import { headTags } from "@codcrm/core/site/head-tags";
import { isLanguage, type Language } from "@codcrm/core/site/languages";
import { escapeHtml } from "@codcrm/core/web/html";
import type { RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";
import { renderServerPage } from "../pages/blog-html.ts";
import { articleMarkup } from "@codcrm/web/server-markup";
import { blogStrings } from "../pages/blog-strings.ts";
import { pageTemplateDir } from "../pages/page-template.ts";

/** Nobody keeps a preview: not the CDN, not the browser's cache (docs/decisions/0086-preview-links.md). */
const PREVIEW_HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "private, no-store",
  "x-robots-tag": "noindex, nofollow",
};

/**
 * `/{lang}/blog/preview/{token}`: the article as saved (a draft too), rendered like its public
 * page under a "preview, not published" banner, for anyone with a valid link. A bad
 * signature, an expired link or an article that no longer exists all answer the same 404,
 * so the page tells nothing about which. No view is counted: the page carries the site's
 * frame and styles but not the app's scripts (which count views and would route the path
 * as an unknown page).
 */
export const route: RouteHandler = async (request, deps) => {
  const lang = request.params.lang ?? "";
  if (!isLanguage(lang)) return notFound();
  const id = verifyPreviewToken(request.params.token ?? "", deps.clock(), deps.config.JWT_SECRET);
  const articles = await deps.articles();
  const saved = id ? await articles.getById(id) : undefined;
  if (!saved) return notFound();
  const language: Language = lang;
  const strings = blogStrings(language);
  const article = await publicArticle(articles, saved);
  const base = { siteUrl: deps.config.SITE_URL, productName: PRODUCT_NAME, language };
  const head = headTags({
    ...articleHeadInput(article, { ...base, segment: article.slug, notFound: false, feed: undefined }),
    noindex: true,
    canonicalPage: undefined,
  });
  const banner = `<p role="status" data-testid="preview-banner" class="mx-auto mt-6 max-w-3xl rounded-lg border border-amber-300 bg-amber-50 p-4 font-semibold text-amber-900">${escapeHtml(strings.previewBanner)}</p>`;
  const html = await renderServerPage(pageTemplateDir(deps.config.PAGE_TEMPLATE_DIR), {
    language,
    head,
    data: null,
    main: banner + (await articleMarkup({ language, path: request.path, t: strings.t }, article, false)),
  });
  return { status: 200, text: withoutAppScripts(html), headers: PREVIEW_HEADERS };
};

/** The one answer to every link that shows nothing: any not-found's, whatever went wrong. */
function notFound(): never {
  throw new NotFoundError();
}

/** The app's scripts and their preloads out of the document (data blocks stay): the page stays as rendered. */
function withoutAppScripts(html: string): string {
  return html
    .replace(/<script\b(?![^>]*\btype="application\/(?:ld\+)?json")[^>]*>[\s\S]*?<\/script>/g, "")
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/g, "");
}

export const handler = lambda(route);
