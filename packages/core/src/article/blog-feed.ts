import { create } from "xmlbuilder2";
import { absoluteUrl } from "../site/head-tags.ts";
import type { Language } from "../site/languages.ts";
import type { ArticleSummary } from "./article.ts";
import type { Category } from "./categories.ts";

export const FEED_SIZE = 50;

export function feedPath(language: Language): string {
  return `/${language}/blog/rss.xml`;
}

/**
 * RSS 2.0 of the published articles, newest first, with links and category names in the
 * feed's language; each item's `content:encoded` is the article's HTML when it comes with it.
 * Written with xmlbuilder2, which escapes text and attributes and drops characters XML cannot
 * carry: text stored before control characters were refused (or written around the API)
 * still makes a well-formed feed.
 */
export function blogFeed(
  articles: readonly (Omit<ArticleSummary, "translations"> & { contentHtml?: string })[],
  options: {
    siteUrl: string;
    language: Language;
    title: string;
    description: string;
    categoryName: (category: Category) => string;
  },
): string {
  const { siteUrl, language } = options;
  const feed = create({ version: "1.0", encoding: "UTF-8", invalidCharReplacement: "" });
  const channel = feed
    .ele("rss", {
      version: "2.0",
      "xmlns:atom": "http://www.w3.org/2005/Atom",
      "xmlns:content": "http://purl.org/rss/1.0/modules/content/",
    })
    .ele("channel")
    .ele("title")
    .txt(options.title)
    .up()
    .ele("link")
    .txt(absoluteUrl(siteUrl, language, "/blog"))
    .up()
    .ele("description")
    .txt(options.description)
    .up()
    .ele("language")
    .txt(language)
    .up()
    .ele("atom:link", { href: siteUrl + feedPath(language), rel: "self", type: "application/rss+xml" })
    .up();
  const lastBuild = articles.reduce((latest, a) => (a.updatedAt > latest ? a.updatedAt : latest), "");
  if (lastBuild) channel.ele("lastBuildDate").txt(new Date(lastBuild).toUTCString());
  for (const article of articles.slice(0, FEED_SIZE)) {
    const item = channel.ele("item");
    item.ele("title").txt(article.title);
    item.ele("link").txt(absoluteUrl(siteUrl, language, `/blog/${article.slug}`));
    item.ele("guid", { isPermaLink: "false" }).txt(article.id);
    item.ele("description").txt(article.excerpt);
    item.ele("pubDate").txt(new Date(article.createdAt).toUTCString());
    if (article.contentHtml) item.ele("content:encoded").txt(article.contentHtml);
    for (const category of article.categories) item.ele("category").txt(options.categoryName(category));
    if (article.imageUrl) item.ele("enclosure", { url: article.imageUrl, length: "0", type: "image/jpeg" });
  }
  return feed.end({ prettyPrint: true });
}
