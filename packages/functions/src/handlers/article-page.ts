import { articleHeadInput, articleJsonLd } from "@codcrm/core/article/article-head";
import { resolveArticlePage } from "@codcrm/core/article/article-page";
import { feedPath } from "@codcrm/core/article/feed-path";
import { BUILT_IN_CATEGORIES } from "@codcrm/core/article/categories";
import { publicArticle } from "@codcrm/core/article/public-article";
import { articlePathIn } from "@codcrm/core/article/translations";
import { PRODUCT_NAME } from "@codcrm/core/brand";
import { headTags } from "@codcrm/core/site/head-tags";
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, type Language } from "@codcrm/core/site/languages";
import { SHORT_PUBLIC_CACHE, type ApiResponse, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";
import { renderServerPage } from "../pages/blog-html.ts";
import type { ArticlePageData } from "../pages/blog-page-data.ts";
import { articleMarkup, messageMarkup } from "@codcrm/web/server-markup";
import { blogStrings } from "../pages/blog-strings.ts";
import { listPage } from "../pages/list-page.ts";
import { unknownLanguagePage } from "../pages/unknown-language-page.ts";
import { pageTemplateDir } from "../pages/page-template.ts";

const HTML = { "content-type": "text/html; charset=utf-8" };

function page(status: number, text: string, cache = true): ApiResponse {
  return { status, text, headers: { ...HTML, ...(cache ? SHORT_PUBLIC_CACHE : { "cache-control": "no-cache" }) } };
}

/**
 * `/{lang}/blog/{segment}` as HTML with its head tags and content (docs/decisions/0001-blog-url-readings.md): a
 * built-in category's list, or an article by slug, id or former slug; when nothing matches,
 * the first published article under a "not found" notice, noindex, canonical to it.
 * An article written in another language answers a permanent redirect to its translation in
 * `{lang}` when it has one, else the page in `{lang}` around the article's own text with a
 * notice, noindex, canonical to its real page (docs/decisions/0050-multilingual-articles.md).
 * Search engines and link previews run no JavaScript: this is what they read. Browsers get
 * the same document, which then boots the app.
 */
export const route: RouteHandler = async (request, deps) => {
  const lang = request.params.lang ?? "";
  const segment = request.params.segment ?? "";
  const templateDir = pageTemplateDir(deps.config.PAGE_TEMPLATE_DIR);
  const language: Language = isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
  const strings = blogStrings(language);
  const feed = { href: feedPath(language), title: strings.feedTitle };
  const base = { siteUrl: deps.config.SITE_URL, productName: PRODUCT_NAME, language };
  const render = { language, path: request.path, t: strings.t };
  // A page with no article of its own: the blog's title, kept out of search results.
  const noindexHead = () =>
    headTags({
      ...base,
      page: `/blog/${segment}`,
      title: strings.blogTitle,
      description: strings.blogDescription,
      noindex: true,
      feed,
    });

  if (!isLanguage(lang)) return unknownLanguagePage(deps, `/blog/${segment}`);

  const category = BUILT_IN_CATEGORIES.find((c) => c.slug === segment);
  if (category) return listPage(deps, request, language, category);

  const resolved = await resolveArticlePage(await deps.articles(), segment, language);
  if (!resolved) {
    const main = await messageMarkup(render, strings.noArticles);
    return page(404, await renderServerPage(templateDir, { language, head: noindexHead(), data: null, main }), false);
  }
  const article = await publicArticle(await deps.articles(), resolved.article);
  const notFound = resolved.matchedBy === "fallback";
  const translation = article.translations.find((t) => t.language === language);
  if (!notFound && article.language !== language && translation) {
    return {
      status: 301,
      headers: { location: `/${language}/blog/${encodeURIComponent(translation.slug)}`, ...SHORT_PUBLIC_CACHE },
    };
  }
  const head = headTags(articleHeadInput(article, { ...base, segment, notFound, feed }));
  const data: ArticlePageData = { segment, article, matchedBy: resolved.matchedBy };
  const html = await renderServerPage(templateDir, {
    language,
    head,
    jsonLd:
      notFound || article.language !== language
        ? undefined
        : articleJsonLd(article, { ...base, categoryName: strings.categoryName }),
    data,
    main: await articleMarkup(render, article, notFound),
    // The selector leads to the article's versions (a missing article's URL keeps its path).
    languagePaths: notFound
      ? undefined
      : Object.fromEntries(LANGUAGES.map((other) => [other, articlePathIn(article, other)])),
  });
  // A missing article still answers 200: the page shows an article (noindex keeps it out of
  // search results), and an error status would let the CDN swap in its error page.
  return page(200, html);
};

export const handler = lambda(route);
