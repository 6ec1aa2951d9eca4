import type { withoutMetadata } from "./image-processing.ts";
import { mediaTypeOfUrl, type MediaType } from "./media-types.ts";

/** The key of an uploaded original: `media/{id}/original.{ext}`. */
const ORIGINAL_KEY = /^media\/[a-z0-9]{16,40}\/original\.(jpg|png|webp|avif|gif)$/;

/** The type of an original's key, or undefined for any other key (variants, uploads, anything else). */
export function originalKeyType(key: string): MediaType | undefined {
  return ORIGINAL_KEY.test(key) ? mediaTypeOfUrl(key) : undefined;
}

/**
 * An original as it is served, stripped on read: one stored before originals were cleaned on
 * completion still carries its EXIF, and no stored image is rewritten to remove it (no bulk
 * rewrite, the bytes accepted stay as they are); what leaves is clean either way. A clean one
 * (every original since) costs a header read and is served byte for byte
 * (docs/decisions/0100-images-without-metadata.md). Undefined when there is no such original.
 */
export async function servedOriginal(
  key: string,
  read: (key: string) => Promise<Buffer | undefined>,
  strip: typeof withoutMetadata,
): Promise<{ body: Buffer; type: MediaType } | undefined> {
  const type = originalKeyType(key);
  const stored = type ? await read(key) : undefined;
  if (!type || !stored) return undefined;
  return { body: await strip(stored, type), type };
}
