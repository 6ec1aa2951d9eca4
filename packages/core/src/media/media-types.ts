/**
 * Accepted image types (docs/decisions/0070-article-images.md), in a module of their own without
 * zod, so what only names a type (the feed) does not load the upload schema.
 */

/** Accepted image types and the extension their stored original gets. */
export const MEDIA_TYPES = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/avif": "avif",
  "image/gif": "gif",
} as const;

export type MediaType = keyof typeof MEDIA_TYPES;
export const MEDIA_TYPE_LIST = Object.keys(MEDIA_TYPES) as MediaType[];

export function isMediaType(value: unknown): value is MediaType {
  return typeof value === "string" && Object.hasOwn(MEDIA_TYPES, value);
}

/** The type an image URL's file extension names (`.jpeg` too), or undefined for none of ours. */
export function mediaTypeOfUrl(url: string): MediaType | undefined {
  const extension = /\.([a-z0-9]+)(?:[?#]|$)/i.exec(url)?.[1]?.toLowerCase();
  if (extension === "jpeg") return "image/jpeg";
  return MEDIA_TYPE_LIST.find((type) => MEDIA_TYPES[type] === extension);
}
