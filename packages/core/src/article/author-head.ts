import { absoluteImageUrl, absoluteUrl } from "../site/head-tags.ts";
import type { Language } from "../site/languages.ts";
import type { PublicAuthor } from "../staff/staff.ts";
import type { ArticleSummary } from "./article.ts";

/**
 * schema.org `ProfilePage` whose main entity is the author, a `Person`: their name, role line
 * (`jobTitle`), bio, photo, their page's URL in this language, the organisation they work for,
 * and the articles the page lists (docs/decisions/0427-authors-in-public.md).
 */
export function authorJsonLd(
  author: PublicAuthor,
  options: {
    siteUrl: string;
    language: Language;
    productName: string;
    articles: readonly Pick<ArticleSummary, "slug" | "title" | "language">[];
  },
) {
  const url = absoluteUrl(options.siteUrl, options.language, `/blog/autor/${author.slug}`);
  return {
    "@context": "https://schema.org",
    "@type": "ProfilePage",
    url,
    inLanguage: options.language,
    mainEntity: {
      "@type": "Person",
      name: author.name,
      url,
      ...(author.roleLine ? { jobTitle: author.roleLine } : {}),
      ...(author.bio ? { description: author.bio } : {}),
      ...(author.photoUrl ? { image: absoluteImageUrl(options.siteUrl, author.photoUrl) } : {}),
      worksFor: { "@type": "Organization", name: options.productName, url: options.siteUrl },
    },
    hasPart: options.articles.map((article) => ({
      "@type": "BlogPosting",
      headline: article.title,
      url: absoluteUrl(options.siteUrl, article.language, `/blog/${article.slug}`),
    })),
  };
}
