import { isHttpUrl } from "../validation.ts";

/** Longer URLs are not kept by every crawler or browser; 2048 is the common ceiling. */
export const CANONICAL_URL_MAX = 2048;

/**
 * An article's canonical URL override (docs/decisions/0117-canonical-url-override.md): an
 * absolute http(s) URL, where the article was first published. Blank means none.
 */
export function isCanonicalUrl(value: string): boolean {
  return isHttpUrl(value);
}

/**
 * Whether an article's canonical URL names another site than `siteUrl` (the site's public
 * origin, `SITE_URL`): its host (name and port) differs. The scheme does not count, so an
 * http link to the site's own host is still the site. Such an article is left out of the
 * sitemap and of every hreflang set (0117); none, or one on the site: as any other article.
 */
export function canonicalElsewhere(canonicalUrl: string | undefined, siteUrl: string): boolean {
  if (!canonicalUrl) return false;
  try {
    return new URL(canonicalUrl).host !== new URL(siteUrl).host;
  } catch {
    // Stored values were checked when saved; one that no longer parses names no site of ours.
    return true;
  }
}
