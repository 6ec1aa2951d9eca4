import { XMLBuilder } from "fast-xml-parser";
import { absoluteImageUrl, absoluteUrl } from "../site/head-tags.ts";
import type { Language } from "../site/languages.ts";
import type { ArticleSummary } from "./article.ts";
import type { Category } from "./categories.ts";
import { feedPath } from "./feed-path.ts";
import type { MediaInfo } from "../media/media-rules.ts";
import { absoluteHtmlUrls } from "./markdown.ts";

export const FEED_SIZE = 50;

/** Characters XML 1.0 cannot carry at all, not even escaped (C0 controls but tab, line feed and carriage return; lone surrogates; U+FFFE/U+FFFF). */
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- these are exactly the characters matched on purpose
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text as XML can hold it: what it cannot carry is dropped (stored text may predate the API's refusal of control characters). */
function xmlText(value: string): string {
  return value.replace(NOT_XML, "");
}

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  // Escapes &, <, >, ' and " in text and attribute values.
  processEntities: true,
  suppressEmptyNode: true,
  format: true,
});

/**
 * RSS 2.0 of the published articles, newest first, with links and category names in the
 * feed's language; each item's `content:encoded` is the article's HTML when it comes with it,
 * its author as `dc:creator`, and its tags as categories whose `domain` is the blog list the
 * tag filters (RSS 2.0's way to tell one taxonomy from another), and its cover as an absolute
 * enclosure (docs/decisions/0097-feed-labels-and-absolute-images.md).
 * Written with fast-xml-parser's builder, which escapes text and attributes; characters XML
 * cannot carry are dropped first, so text stored before control characters were refused (or
 * written around the API) still makes a well-formed feed.
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
  const lastBuild = articles.reduce((latest, a) => (a.updatedAt > latest ? a.updatedAt : latest), "");
  const items = articles.slice(0, FEED_SIZE).map((article) => {
    const link = absoluteUrl(siteUrl, language, `/blog/${article.slug}`);
    return {
      title: xmlText(article.title),
      link: xmlText(link),
      guid: { "@_isPermaLink": "false", "#text": xmlText(article.id) },
      // The same text as the article's meta description (`withDescription`, docs/decisions/0150-descriptions-from-the-excerpt.md).
      description: xmlText(article.metaDescription),
      pubDate: new Date(article.createdAt).toUTCString(),
      // Read away from the site: every src, srcset and href absolute (docs/decisions/0152-feed-urls-and-enclosure-lengths.md).
      ...(article.contentHtml
        ? { "content:encoded": xmlText(absoluteHtmlUrls(article.contentHtml, siteUrl, link)) }
        : {}),
      ...(article.author ? { "dc:creator": xmlText(article.author) } : {}),
      category: [
        ...article.categories.map((category) => xmlText(options.categoryName(category))),
        ...(article.tags ?? []).map((tag) => ({
          "@_domain": xmlText(`${absoluteUrl(siteUrl, language, "/blog")}?tag=${encodeURIComponent(tag.slug)}`),
          "#text": xmlText(tag.name),
        })),
      ],
      ...coverEnclosure(article.imageUrl ? article.imageMedia : undefined, siteUrl),
    };
  });
  const document = {
    "?xml": { "@_version": "1.0", "@_encoding": "UTF-8" },
    rss: {
      "@_version": "2.0",
      "@_xmlns:atom": "http://www.w3.org/2005/Atom",
      "@_xmlns:content": "http://purl.org/rss/1.0/modules/content/",
      "@_xmlns:dc": "http://purl.org/dc/elements/1.1/",
      channel: {
        title: xmlText(options.title),
        link: absoluteUrl(siteUrl, language, "/blog"),
        description: xmlText(options.description),
        language,
        "atom:link": { "@_href": siteUrl + feedPath(language), "@_rel": "self", "@_type": "application/rss+xml" },
        ...(lastBuild ? { lastBuildDate: new Date(lastBuild).toUTCString() } : {}),
        item: items,
      },
    },
  };
  return builder.build(document) as string;
}

/**
 * The cover as an enclosure: its largest WebP variant, with that file's length in bytes from
 * the image record. RSS requires the length; a cover whose length is not known (a typed URL,
 * an image checked before lengths were recorded) gets no enclosure rather than a false
 * `length="0"` (docs/decisions/0152-feed-urls-and-enclosure-lengths.md).
 */
function coverEnclosure(media: MediaInfo | undefined, siteUrl: string) {
  const variant = media?.variants
    .filter((v) => typeof v.bytes === "number" && v.bytes > 0)
    .reduce<MediaInfo["variants"][number] | undefined>(
      (wide, v) => (!wide || v.width > wide.width ? v : wide),
      undefined,
    );
  if (!variant) return {};
  return {
    enclosure: {
      "@_url": xmlText(absoluteImageUrl(siteUrl, variant.url)!),
      "@_length": String(variant.bytes),
      "@_type": "image/webp",
    },
  };
}
