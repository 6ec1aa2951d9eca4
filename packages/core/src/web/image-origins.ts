/**
 * The origins besides the site's own that pages may load images from: the Content-Security-Policy's
 * `img-src` lists them and nothing else (no `https:`), so a script that got into a page cannot send
 * what it read to any host as an image request; an article's cover or content image on another
 * host is refused when saved (docs/decisions/0206-images-from-listed-origins.md).
 */

/**
 * The setting's text (`IMAGE_ORIGINS`, comma-separated `https://host[:port]` origins) as origins;
 * an entry that is not an https origin throws an error naming the setting and the entry.
 */
export function parseImageOrigins(value: string | undefined): string[] {
  const entries = (value ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.map((entry) => {
    let url: URL | undefined;
    try {
      url = new URL(entry);
    } catch {
      url = undefined;
    }
    const bare = url && url.pathname === "/" && !url.search && !url.hash && !url.username && !url.password;
    if (!url || url.protocol !== "https:" || !bare || !/^https:\/\/[^/]+\/?$/i.test(entry)) {
      throw new Error(
        `IMAGE_ORIGINS has ${JSON.stringify(entry)}: give https origins such as https://images.example.com, separated by commas`,
      );
    }
    return url.origin;
  });
}

/**
 * Whether a page may load the image at `src`: a path of the site's own (`/media/...`), an address on
 * the site's origin, or one on a listed origin. `data:` images are the site's own marks, not
 * something an article stores.
 */
export function isAllowedImageSource(src: string, siteOrigin: string | undefined, origins: readonly string[]): boolean {
  if (src.startsWith("/") && !src.startsWith("//")) return true;
  let origin: string;
  try {
    origin = new URL(src).origin;
  } catch {
    return false;
  }
  return origin === siteOrigin || origins.includes(origin);
}
