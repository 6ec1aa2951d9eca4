import { LANGUAGES } from "../site/languages.ts";

/**
 * What a change to an article may alter on the public site, as CloudFront invalidation paths
 * (docs/decisions/0087-changes-live-at-once.md): every blog page of every language (lists,
 * categories, articles under current and former slugs, aliases, feeds: an article shows in
 * other languages' lists and pages as a translation), the public articles API (the landing's
 * latest articles, the lists) and the sitemap. Wildcards: a handful of paths per write,
 * whatever the article's slugs, so one request stays inside the free monthly paths.
 */
export const PUBLISHED_CONTENT_PATHS: readonly string[] = [
  ...LANGUAGES.map((language) => `/${language}/blog*`),
  "/api/articles*",
  "/sitemap.xml",
];

/** Tells the CDN to drop what it keeps of the published content (CloudFront: `cloudfront-invalidator.ts`). */
export interface CdnInvalidator {
  invalidate(paths: readonly string[], reference: string): Promise<void>;
}

/** Locally there is no CDN: the process forgets its kept reads on every write instead. */
export const noCdn: CdnInvalidator = { invalidate: async () => {} };
