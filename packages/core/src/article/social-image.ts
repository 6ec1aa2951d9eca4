/**
 * A social image (og:image, twitter:image) is an https URL or a path under the site's own
 * `/media/` (docs/decisions/0077-seo-overrides.md): link previews fetch it from elsewhere,
 * so plain http is refused, and a site path may not climb out of `/media/`.
 */
export const MEDIA_PREFIX = "/media/";

export function isSocialImageUrl(value: string): boolean {
  if (value.startsWith(MEDIA_PREFIX)) {
    const rest = value.slice(MEDIA_PREFIX.length);
    return rest.length > 0 && !/(^|\/)\.\.?(\/|$)|\\|\/\/|[\s?#]/.test(rest);
  }
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** The stored form: an https URL in its normal form (`new URL(x).href`), a /media/ path as given. */
export function normalSocialImageUrl(value: string): string {
  return value.startsWith(MEDIA_PREFIX) ? value : new URL(value).href;
}
