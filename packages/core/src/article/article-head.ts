import type { HeadInput } from "../site/head-tags.ts";
import { absoluteUrl } from "../site/head-tags.ts";
import type { Language } from "../site/languages.ts";
import type { PublicArticle } from "./article.ts";
import type { Category } from "./categories.ts";

export interface ArticleHeadOptions {
  siteUrl: string;
  productName: string;
  language: Language;
  /** The URL segment that was asked for (a slug, an id, a former slug or nothing that exists). */
  segment: string;
  /** The article is shown in place of a missing one: noindex, canonical to the article shown. */
  notFound: boolean;
  feed: HeadInput["feed"];
}

export type ArticleHeadArticle = Pick<
  PublicArticle,
  | "slug"
  | "title"
  | "excerpt"
  | "metaTitle"
  | "metaDescription"
  | "metaKeywords"
  | "imageUrl"
  | "createdAt"
  | "updatedAt"
  | "categories"
>;

/**
 * An article page's head: title, description and keywords from the meta fields, falling back
 * to title and excerpt; canonical always at the article's current slug. The article page
 * handler (server HTML) and the web app's article route both build their head from this.
 */
export function articleHeadInput(article: ArticleHeadArticle, options: ArticleHeadOptions): HeadInput {
  const metaTitle = article.metaTitle.trim();
  return {
    siteUrl: options.siteUrl,
    productName: options.productName,
    language: options.language,
    page: `/blog/${options.segment}`,
    canonicalPage: `/blog/${article.slug}`,
    title: metaTitle || article.title,
    fullTitle: Boolean(metaTitle),
    description: article.metaDescription.trim() || article.excerpt,
    keywords: article.metaKeywords || undefined,
    imageUrl: article.imageUrl,
    type: "article",
    noindex: options.notFound,
    feed: options.feed,
  };
}

/** schema.org `BlogPosting` for the article's JSON-LD block; its sections named as the page names them. */
export function articleJsonLd(
  article: ArticleHeadArticle,
  options: Pick<ArticleHeadOptions, "siteUrl" | "productName" | "language"> & {
    categoryName: (category: Category) => string;
  },
) {
  const url = absoluteUrl(options.siteUrl, options.language, `/blog/${article.slug}`);
  const publisher = { "@type": "Organization", name: options.productName, url: options.siteUrl };
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: article.title,
    description: article.metaDescription.trim() || article.excerpt,
    ...(article.metaKeywords ? { keywords: article.metaKeywords } : {}),
    ...(article.imageUrl ? { image: article.imageUrl } : {}),
    ...(article.categories.length ? { articleSection: article.categories.map(options.categoryName) } : {}),
    datePublished: article.createdAt,
    dateModified: article.updatedAt,
    url,
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    author: publisher,
    publisher,
  };
}
