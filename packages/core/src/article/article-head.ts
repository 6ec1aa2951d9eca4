import { absoluteImageUrl, absoluteUrl, type HeadImage, type HeadInput } from "../site/head-tags.ts";
import type { Language } from "../site/languages.ts";
import type { PublicArticle } from "./article.ts";
import { canonicalElsewhere } from "./canonical-url.ts";
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
  | "language"
  | "translations"
> &
  Partial<
    Pick<
      PublicArticle,
      | "author"
      | "authorPage"
      | "publishedAt"
      | "socialImageUrl"
      | "imageAlt"
      | "imageMedia"
      | "canonicalUrl"
      | "socialCard"
    >
  >;

/**
 * An article page's head: title, description and keywords from the meta fields (the title
 * when no meta title; the description as the server derived it); canonical always at the article's current slug under its own
 * language. The article page handler (server HTML) and the web app's article route both
 * build their head from this. Under its own language the page names its published
 * translations (hreflang, og:locale:alternate); under another language (no translation
 * there) it is noindex with a canonical to the real page and names no alternate
 * (docs/decisions/0050-multilingual-articles.md). An article with a canonical URL override
 * names it as canonical; when that is on another site, the page names no alternate and no
 * translation names one whose canonical is elsewhere (docs/decisions/0117-canonical-url-override.md).
 */
export function articleHeadInput(article: ArticleHeadArticle, options: ArticleHeadOptions): HeadInput {
  const metaTitle = article.metaTitle.trim();
  const ownPage = article.language === options.language;
  const elsewhere = (canonicalUrl: string | undefined) => canonicalElsewhere(canonicalUrl, options.siteUrl);
  return {
    siteUrl: options.siteUrl,
    productName: options.productName,
    language: options.language,
    page: `/blog/${options.segment}`,
    canonicalPage: `/blog/${article.slug}`,
    canonicalLanguage: article.language,
    ...(article.canonicalUrl ? { canonicalUrl: article.canonicalUrl } : {}),
    contentLanguage: article.language,
    versions:
      ownPage && !elsewhere(article.canonicalUrl)
        ? [
            { language: article.language, page: `/blog/${article.slug}` },
            ...article.translations
              .filter((t) => !elsewhere(t.canonicalUrl))
              .map((t) => ({ language: t.language, page: `/blog/${t.slug}` })),
          ]
        : [],
    title: metaTitle || article.title,
    fullTitle: Boolean(metaTitle),
    // Derived by the server when it reads the article (`withDescription` in `publicArticle`):
    // this module is in public pages' code, which must not carry the Markdown parser.
    description: article.metaDescription,
    keywords: article.metaKeywords || undefined,
    image: articleImage(article, options.siteUrl),
    type: "article",
    noindex: options.notFound || !ownPage,
    feed: options.feed,
  };
}

/**
 * The image link previews show: the social image chosen for them, else the cover
 * (docs/decisions/0077-seo-overrides.md), absolute since other sites fetch it (0097); the
 * cover with its alt text and, when it is an uploaded image, its size. Neither: the article's own
 * generated card; none only for an article read without one (the head then shows the site's card,
 * docs/decisions/0198-brand-mark-in-the-page.md).
 */
function articleImage(article: ArticleHeadArticle, siteUrl: string): HeadImage | undefined {
  if (article.socialImageUrl) return { url: absoluteImageUrl(siteUrl, article.socialImageUrl)! };
  // Neither: its own generated card, which shows its title (docs/decisions/0454-generated-social-cards.md).
  if (!article.imageUrl && article.socialCard) {
    const card = article.socialCard;
    return { url: absoluteImageUrl(siteUrl, card.url)!, width: card.width, height: card.height, alt: article.title };
  }
  if (!article.imageUrl) return undefined;
  // Kept with the article only when its cover is the site's uploaded image (`deriveFields`).
  const media = article.imageMedia;
  return {
    url: absoluteImageUrl(siteUrl, article.imageUrl)!,
    ...(media ? { width: media.width, height: media.height } : {}),
    ...(article.imageAlt ? { alt: article.imageAlt } : {}),
  };
}

/**
 * schema.org `BlogPosting` for the article's JSON-LD block, at its real URL and in its
 * language; its sections named as the page names them.
 */
export function articleJsonLd(
  article: ArticleHeadArticle,
  options: Pick<ArticleHeadOptions, "siteUrl" | "productName" | "language"> & {
    categoryName: (category: Category) => string;
  },
) {
  const url = absoluteUrl(options.siteUrl, article.language, `/blog/${article.slug}`);
  const publisher = { "@type": "Organization", name: options.productName, url: options.siteUrl };
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: article.title,
    inLanguage: article.language,
    description: article.metaDescription,
    ...(article.metaKeywords ? { keywords: article.metaKeywords } : {}),
    ...(article.socialImageUrl || article.imageUrl || article.socialCard
      ? {
          image: absoluteImageUrl(
            options.siteUrl,
            article.socialImageUrl || article.imageUrl || article.socialCard?.url,
          ),
        }
      : {}),
    ...(article.categories.length ? { articleSection: article.categories.map(options.categoryName) } : {}),
    datePublished: article.publishedAt ?? article.createdAt,
    dateModified: article.updatedAt,
    url,
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    // A named author is a Person, with their author page when they are of the staff; without one
    // configured, the company signs (docs/decisions/0075-article-labels.md, docs/decisions/0427-authors-in-public.md).
    author: article.authorPage
      ? {
          "@type": "Person",
          name: article.authorPage.name,
          url: absoluteUrl(options.siteUrl, article.language, `/blog/autor/${article.authorPage.slug}`),
        }
      : article.author
        ? { "@type": "Person", name: article.author }
        : publisher,
    publisher,
  };
}
