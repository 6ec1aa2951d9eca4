import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "./languages.ts";

const OG_LOCALES: Record<Language, string> = { es: "es_ES", en: "en_GB", pt: "pt_PT" };

export interface HeadInput {
  siteUrl: string;
  productName: string;
  language: Language;
  /** The page's path without the language prefix ("" for the landing page, "/blog/mi-articulo"). */
  page: string;
  title: string;
  description: string;
  /** The title is already complete (e.g. an article's metaTitle): no product suffix. */
  fullTitle?: boolean;
  /** Pages that must not be indexed (404, "article not found" notices). */
  noindex?: boolean;
  /** Canonical page when it differs from `page` (an article shown in place of a missing one). */
  canonicalPage?: string;
  /** The canonical's language prefix when it is not the page's (an article shown under another language). */
  canonicalLanguage?: Language;
  /**
   * An absolute URL the canonical names instead of one of the site's pages: an article's
   * canonical URL override (docs/decisions/0117-canonical-url-override.md). og:url stays the page's own.
   */
  canonicalUrl?: string;
  /**
   * Pages that are not the same under every prefix (articles): their real versions, this page's
   * included. hreflang and og:locale:alternate then name only these, and x-default is the
   * Spanish version when there is one, else this page (docs/decisions/0050-multilingual-articles.md).
   * None (`[]`): no hreflang at all (an article whose canonical is on another site, 0117).
   */
  versions?: { language: Language; page: string }[];
  /** The language of the page's content when it is not the page's (og:locale). */
  contentLanguage?: Language;
  type?: "website" | "article";
  keywords?: string;
  /** The image link previews show (absolute); without one, the site's card (`DEFAULT_SOCIAL_IMAGE`). */
  image?: HeadImage;
  /** The page's language feed (blog pages): `<link rel="alternate" type="application/rss+xml">`. */
  feed?: { href: string; title: string };
}

/** An image for og:image / twitter:image: absolute URL, its size when known, its text alternative when it has one. */
export interface HeadImage {
  url: string;
  width?: number;
  height?: number;
  alt?: string;
}

/**
 * The image link previews show for a page or an article without one of its own
 * (docs/decisions/0151-default-social-image.md): a file of `web/public`, made by
 * `scripts/social-card.ts`, at the size large cards are drawn (1200×630). Its alt text is the
 * brand's name, the one word on it.
 */
export const DEFAULT_SOCIAL_IMAGE = { path: "/social-card.png", width: 1200, height: 630 } as const;

export function defaultSocialImage(siteUrl: string, productName: string): HeadImage {
  const { path, width, height } = DEFAULT_SOCIAL_IMAGE;
  return { url: absoluteImageUrl(siteUrl, path)!, width, height, alt: productName };
}

export interface HeadTags {
  title: string;
  meta: { name?: string; property?: string; content: string }[];
  links: { rel: string; href: string; hrefLang?: string; type?: string; title?: string }[];
}

/** `https://site/es/blog` for a language and a page path. */
export function absoluteUrl(siteUrl: string, language: Language, page: string): string {
  return `${siteUrl}/${language}${page === "/" ? "" : page}`;
}

/**
 * An absolute URL for an image named in a head tag or a feed (og:image, JSON-LD, an enclosure):
 * a `/media/` path is put under the site's origin, an https URL is kept.
 */
export function absoluteImageUrl(siteUrl: string, value: string | undefined): string | undefined {
  if (!value) return undefined;
  return value.startsWith("/") ? `${siteUrl.replace(/\/+$/, "")}${value}` : value;
}

/**
 * Everything a page declares in <head>. The web app renders it with React (`web/app/seo/page-head.tsx`)
 * and the article page handler writes it into server-rendered HTML: one builder for both.
 * Title, description, canonical, hreflang alternates
 * (es/en/pt + x-default to Spanish) and Open Graph. One builder for every page.
 */
export function headTags(input: HeadInput): HeadTags {
  const title =
    input.fullTitle || input.title.includes(input.productName) ? input.title : `${input.title} | ${input.productName}`;
  const url = absoluteUrl(input.siteUrl, input.canonicalLanguage ?? input.language, input.canonicalPage ?? input.page);
  const locale = input.contentLanguage ?? input.language;
  const versions =
    input.versions ?? LANGUAGES.map((language) => ({ language, page: input.canonicalPage ?? input.page }));
  const xDefault = versions.find((v) => v.language === DEFAULT_LANGUAGE) ??
    versions.find((v) => v.language === input.language) ?? { language: input.language, page: input.page };
  // Every page shows an image when shared: its own, else the site's card.
  const image = input.image ?? defaultSocialImage(input.siteUrl, input.productName);
  const meta: HeadTags["meta"] = [
    { name: "description", content: input.description },
    ...(input.keywords ? [{ name: "keywords", content: input.keywords }] : []),
    ...(input.noindex ? [{ name: "robots", content: "noindex" }] : []),
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:site_name", content: input.productName },
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:locale", content: OG_LOCALES[locale] },
    ...versions
      .filter((v) => v.language !== locale)
      .map((v) => ({ property: "og:locale:alternate", content: OG_LOCALES[v.language] })),
    { property: "og:image", content: image.url },
    ...(image.width && image.height
      ? [
          { property: "og:image:width", content: String(image.width) },
          { property: "og:image:height", content: String(image.height) },
        ]
      : []),
    ...(image.alt ? [{ property: "og:image:alt", content: image.alt }] : []),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: input.description },
    { name: "twitter:image", content: image.url },
    ...(image.alt ? [{ name: "twitter:image:alt", content: image.alt }] : []),
  ];
  // A noindex page keeps a canonical only when it shows another page's content (an article
  // shown in place of a missing one): it points search engines at that page.
  const canonical = { rel: "canonical", href: input.canonicalUrl ?? url };
  const alternates: HeadTags["links"] = versions.length
    ? [
        ...versions.map((v) => ({
          rel: "alternate",
          hrefLang: v.language,
          href: absoluteUrl(input.siteUrl, v.language, v.page),
        })),
        { rel: "alternate", hrefLang: "x-default", href: absoluteUrl(input.siteUrl, xDefault.language, xDefault.page) },
      ]
    : [];
  const links: HeadTags["links"] = input.noindex
    ? input.canonicalPage
      ? [canonical]
      : []
    : [canonical, ...alternates];
  if (input.feed)
    links.push({ rel: "alternate", type: "application/rss+xml", title: input.feed.title, href: input.feed.href });
  return { title, meta, links };
}
