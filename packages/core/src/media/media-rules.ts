import { MEDIA_TYPES, type MediaType } from "./media-types.ts";

export { ARTICLE_IMAGE_SIZES, buildSrcset, isSafeMediaPath, type MediaInfo, type MediaVariant } from "./srcset.ts";
export { isMediaType, MEDIA_TYPE_LIST, MEDIA_TYPES, type MediaType } from "./media-types.ts";

/**
 * The rules of article images (docs/decisions/0070-article-images.md): which files are
 * accepted, how big, where their bytes live and which sizes are made of them. Pure: the API,
 * both storage adapters and the editor share it.
 */

/** 10 MB: a photo straight from a phone fits; the variants are what visitors download. */
export const MEDIA_MAX_BYTES = 10 * 1024 * 1024;

/** How long a signed upload form may be used. */
export const UPLOAD_EXPIRES_SECONDS = 10 * 60;

/**
 * Bytes uploaded but never completed (checked) are removed after this many days: by the
 * bucket's lifecycle rule on AWS, by the local server at start (docs/decisions/0070-article-images.md).
 */
export const UNCHECKED_UPLOAD_DAYS = 1;

/**
 * Widths of the WebP variants made of every image, never wider than the original: a phone,
 * a laptop column and a wide or high-density screen.
 */
export const VARIANT_WIDTHS = [480, 960, 1600] as const;

/** Public images are served from the site's own origin under this path; the key is the path without the slash. */
export const MEDIA_PATH_PREFIX = "/media/";

/** Checked images are never rewritten under the same key: browsers and CloudFront keep them a year. */
export const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";

/** Media ids are random (not guessable from one another) and safe in a key and a URL. */
const MEDIA_ID = /^[a-z0-9]{16,40}$/;

export function isMediaId(value: string): boolean {
  return MEDIA_ID.test(value);
}

export function newMediaId(random: (bytes: number) => Uint8Array): string {
  return [...random(16)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Storage keys. Uploads land under `uploads/`, which is never served: bytes become public
 * only once checked, under `media/` (the path CloudFront and the local server serve).
 */
export const mediaKeys = {
  upload: (id: string) => `uploads/${id}`,
  original: (id: string, type: MediaType) => `media/${id}/original.${MEDIA_TYPES[type]}`,
  variant: (id: string, width: number) => `media/${id}/w${width}.webp`,
  /** Every key that may exist for an id, to delete it. */
  prefix: (id: string) => `media/${id}/`,
};

export function mediaUrl(key: string): string {
  return `/${key}`;
}

/** The media id of a site image URL (`/media/{id}/…`, or absolute on `siteOrigin`), or undefined. */
export function mediaIdOfUrl(url: string, siteOrigin?: string): string | undefined {
  let path = url;
  if (siteOrigin && url.startsWith(siteOrigin + "/")) path = url.slice(siteOrigin.length);
  const match = /^\/media\/([a-z0-9]+)\/[a-z0-9.]+$/.exec(path);
  return match && isMediaId(match[1]!) ? match[1] : undefined;
}

/** The widths to make of an image `originalWidth` wide: the standard ones below it, or its own width if narrower than all. */
export function variantWidths(originalWidth: number): number[] {
  const widths = VARIANT_WIDTHS.filter((w) => w <= originalWidth);
  return widths.length > 0 ? widths : [originalWidth];
}

/** Height of a variant `width` wide, with the original's aspect ratio. */
export function scaledHeight(width: number, original: { width: number; height: number }): number {
  return Math.max(1, Math.round((original.height * width) / original.width));
}
