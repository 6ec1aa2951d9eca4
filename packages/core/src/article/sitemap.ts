import { absoluteUrl } from "../site/head-tags.ts";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "../site/languages.ts";
import { PUBLIC_PAGES } from "../site/public-pages.ts";
import { escapeHtml } from "../web/html.ts";
import type { ArticleSummary } from "./article.ts";
import { canonicalElsewhere } from "./canonical-url.ts";
import type { Category } from "./categories.ts";
import { defaultVersion } from "./translations.ts";

/**
 * Every public page and blog category page in every language, each with its hreflang
 * alternates (es/en/pt + x-default), and every published article once, under its own
 * language, with alternates for its real versions only (itself, its published translations,
 * x-default to the Spanish one when there is one): the one sitemap of the site. An article
 * under another language's prefix is a noindex page and never listed
 * (docs/decisions/0050-multilingual-articles.md). An article whose canonical URL is on another
 * site is not listed, nor named as another's alternate (docs/decisions/0117-canonical-url-override.md).
 */
export function sitemap(options: {
  siteUrl: string;
  articles: readonly ArticleSummary[];
  categories: readonly Category[];
}): string {
  const { siteUrl } = options;
  const link = (hreflang: string, language: Language, page: string) =>
    `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(absoluteUrl(siteUrl, language, page))}"/>`;
  const pages = [...PUBLIC_PAGES, ...options.categories.map((c) => `/blog/${c.slug}`)];
  const pageUrls = pages.flatMap((page) => {
    const alternates = [...LANGUAGES.map((l) => link(l, l, page)), link("x-default", DEFAULT_LANGUAGE, page)].join("");
    return LANGUAGES.map(
      (language) => `<url><loc>${escapeHtml(absoluteUrl(siteUrl, language, page))}</loc>${alternates}</url>`,
    );
  });
  const ours = (version: { canonicalUrl?: string }) => !canonicalElsewhere(version.canonicalUrl, siteUrl);
  const articleUrls = options.articles.filter(ours).map((article) => {
    const translations = article.translations.filter(ours);
    const versions = [article, ...translations];
    const xDefault = defaultVersion(article, translations);
    const alternates = [
      ...versions.map((v) => link(v.language, v.language, `/blog/${v.slug}`)),
      link("x-default", xDefault.language, `/blog/${xDefault.slug}`),
    ].join("");
    return `<url><loc>${escapeHtml(absoluteUrl(siteUrl, article.language, `/blog/${article.slug}`))}</loc><lastmod>${article.updatedAt}</lastmod>${alternates}</url>`;
  });
  const urls = [...pageUrls, ...articleUrls];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    "</urlset>",
  ].join("\n");
}
