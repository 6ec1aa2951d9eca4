/**
 * What a page needs to show a checked image: its size and its variants. Apart from the
 * upload rules (and their zod schema) because the public pages use it.
 */

/** The `sizes` of an image in the article column (max-w-3xl, 48rem) and of the cover. */
export const ARTICLE_IMAGE_SIZES = "(min-width: 48rem) 48rem, 100vw";

export interface MediaVariant {
  url: string;
  width: number;
  height: number;
  /** The file's length in bytes (the feed's enclosure); variants made before it was recorded have none. */
  bytes?: number;
}

/** What a page needs to show a checked image without layout shift. */
export interface MediaInfo {
  id: string;
  url: string;
  width: number;
  height: number;
  variants: MediaVariant[];
}

/** `srcset` of an image's variants; only same-origin `/media/` URLs are ever written. */
export function buildSrcset(variants: readonly MediaVariant[]): string {
  return variants
    .filter((v) => isSafeMediaPath(v.url) && Number.isInteger(v.width) && v.width > 0)
    .map((v) => `${v.url} ${v.width}w`)
    .join(", ");
}

/** A root-relative path under /media/ with nothing a URL parser could read as another origin or a scheme. */
export function isSafeMediaPath(url: string): boolean {
  return /^\/media\/[a-z0-9]+\/[a-z0-9.]+$/.test(url);
}
