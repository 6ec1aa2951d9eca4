import { absoluteUrl } from "../site/head-tags.ts";
import type { Language } from "../site/languages.ts";
import { escapeHtml } from "../web/html.ts";
import type { ArticleSummary } from "./article.ts";
import type { Category } from "./categories.ts";

export const FEED_SIZE = 50;

export function feedPath(language: Language): string {
  return `/${language}/blog/rss.xml`;
}

/** RSS 2.0 of the published articles, newest first, with links and category names in the feed's language. */
/** Each item's `content:encoded` is the article's HTML, when it comes with it. */
export function blogFeed(
  articles: readonly (ArticleSummary & { contentHtml?: string })[],
  options: {
    siteUrl: string;
    language: Language;
    title: string;
    description: string;
    categoryName: (category: Category) => string;
  },
): string {
  const { siteUrl, language } = options;
  const items = articles.slice(0, FEED_SIZE).map((article) => {
    const link = absoluteUrl(siteUrl, language, `/blog/${article.slug}`);
    return [
      "<item>",
      `<title>${escapeHtml(article.title)}</title>`,
      `<link>${escapeHtml(link)}</link>`,
      `<guid isPermaLink="false">${escapeHtml(article.id)}</guid>`,
      `<description>${escapeHtml(article.excerpt)}</description>`,
      `<pubDate>${new Date(article.createdAt).toUTCString()}</pubDate>`,
      ...(article.contentHtml ? [`<content:encoded>${escapeHtml(article.contentHtml)}</content:encoded>`] : []),
      ...article.categories.map((c) => `<category>${escapeHtml(options.categoryName(c))}</category>`),
      ...(article.imageUrl ? [`<enclosure url="${escapeHtml(article.imageUrl)}" length="0" type="image/jpeg"/>`] : []),
      "</item>",
    ].join("");
  });
  const lastBuild = articles.reduce((latest, a) => (a.updatedAt > latest ? a.updatedAt : latest), "");
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">',
    "<channel>",
    `<title>${escapeHtml(options.title)}</title>`,
    `<link>${escapeHtml(absoluteUrl(siteUrl, language, "/blog"))}</link>`,
    `<description>${escapeHtml(options.description)}</description>`,
    `<language>${language}</language>`,
    `<atom:link href="${escapeHtml(siteUrl + feedPath(language))}" rel="self" type="application/rss+xml"/>`,
    ...(lastBuild ? [`<lastBuildDate>${new Date(lastBuild).toUTCString()}</lastBuildDate>`] : []),
    ...items,
    "</channel>",
    "</rss>",
  ].join("\n");
}
