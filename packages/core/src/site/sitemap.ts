import type { ArticleSummary } from "../article/article.ts";
import type { Category } from "../article/categories.ts";
import { escapeHtml } from "../web/html.ts";
import { absoluteUrl } from "./head-tags.ts";
import { DEFAULT_LANGUAGE, LANGUAGES } from "./languages.ts";
import { PUBLIC_PAGES } from "./public-pages.ts";

/**
 * Every public page, blog category page and published article in every language, each with
 * its hreflang alternates (es/en/pt + x-default): the one sitemap of the site.
 */
export function sitemap(options: {
  siteUrl: string;
  articles: readonly ArticleSummary[];
  categories: readonly Category[];
}): string {
  const { siteUrl } = options;
  const pages: { page: string; lastmod?: string }[] = [
    ...PUBLIC_PAGES.map((page) => ({ page })),
    ...options.categories.map((c) => ({ page: `/blog/${c.slug}` })),
    ...options.articles.map((a) => ({ page: `/blog/${a.slug}`, lastmod: a.updatedAt })),
  ];
  const urls = pages.flatMap(({ page, lastmod }) => {
    const alternates = [
      ...LANGUAGES.map(
        (l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${escapeHtml(absoluteUrl(siteUrl, l, page))}"/>`,
      ),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeHtml(absoluteUrl(siteUrl, DEFAULT_LANGUAGE, page))}"/>`,
    ].join("");
    return LANGUAGES.map(
      (language) =>
        `<url><loc>${escapeHtml(absoluteUrl(siteUrl, language, page))}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}${alternates}</url>`,
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    "</urlset>",
  ].join("\n");
}

/** Crawlers may read everything but the admin area and the API; the sitemap says where the pages are. */
export function robotsTxt(siteUrl: string): string {
  return [
    "User-agent: *",
    "Disallow: /admin",
    "Disallow: /api/",
    "Allow: /",
    "",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
}
