import type { MediaType } from "./media-types.ts";

/**
 * The image type of a file from its first bytes (its signature), whatever its name or the
 * type the browser claims. The editor uses it for a quick answer; the server also decodes
 * the image before accepting it. Needs the first 16 bytes.
 */
export function sniffImageType(bytes: Uint8Array): MediaType | undefined {
  const at = (offset: number, ...values: number[]) => values.every((v, i) => bytes[offset + i] === v);
  const ascii = (offset: number, text: string) => at(offset, ...[...text].map((c) => c.charCodeAt(0)));
  if (at(0, 0xff, 0xd8, 0xff)) return "image/jpeg";
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (ascii(0, "GIF87a") || ascii(0, "GIF89a")) return "image/gif";
  if (ascii(0, "RIFF") && ascii(8, "WEBP")) return "image/webp";
  // ISO base media file: a `ftyp` box whose major brand is AVIF (still or sequence).
  if (ascii(4, "ftyp") && (ascii(8, "avif") || ascii(8, "avis"))) return "image/avif";
  return undefined;
}

/** How many leading bytes `sniffImageType` reads. */
export const SNIFF_BYTES = 16;
