import sharp from "sharp";
import { scaledHeight, variantWidths, type MediaType } from "./media-rules.ts";
import { sniffImageType } from "./sniff.ts";

/** sharp's format names of the accepted types (AVIF is read by its HEIF decoder). */
const SHARP_FORMATS: Record<string, MediaType> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
  heif: "image/avif",
};

/** Refusals of `inspectImage`: the reason names what is wrong with the bytes. */
export type ImageRejection = "not_an_image" | "type_mismatch" | "unreadable_image" | "too_many_pixels";

/** Decoding bombs: a small file that claims a huge canvas is refused before it is decoded. */
export const MAX_PIXELS = 50_000_000;

export interface InspectedImage {
  type: MediaType;
  width: number;
  height: number;
}

/**
 * What the bytes really are, by content: the signature must be one of the accepted types,
 * the one declared, and sharp must read it as that format with its dimensions.
 */
export async function inspectImage(
  bytes: Buffer,
  declared: MediaType,
): Promise<{ ok: true; image: InspectedImage } | { ok: false; reason: ImageRejection }> {
  const sniffed = sniffImageType(bytes);
  if (!sniffed) return { ok: false, reason: "not_an_image" };
  if (sniffed !== declared) return { ok: false, reason: "type_mismatch" };
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
    const type = meta.format ? SHARP_FORMATS[meta.format] : undefined;
    if (type !== declared || !meta.width || !meta.height) return { ok: false, reason: "unreadable_image" };
    // EXIF orientations 5–8 turn the picture a quarter: the displayed size is the other way round.
    const turned = (meta.orientation ?? 1) >= 5;
    return {
      ok: true,
      image: {
        type,
        width: turned ? meta.height : meta.width,
        height: turned ? meta.width : meta.height,
      },
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : "";
    return { ok: false, reason: /pixel limit/i.test(message) ? "too_many_pixels" : "unreadable_image" };
  }
}

/**
 * The image without what its file says about where, when, with what and by whom it was taken:
 * EXIF (GPS, camera make and model, owner, dates), XMP, IPTC, text chunks and comments. Its
 * orientation is applied to the pixels and its colour profile kept. An image that carries
 * none of that is answered as it is, byte for byte (no needless loss); any other is
 * re-encoded in its own format (docs/decisions/0100-images-without-metadata.md).
 */
export async function withoutMetadata(bytes: Buffer, type: MediaType): Promise<Buffer> {
  const options = { limitInputPixels: MAX_PIXELS, animated: true };
  const meta = await sharp(bytes, options).metadata();
  const turned = (meta.orientation ?? 1) !== 1;
  const told = Boolean(meta.exif || meta.xmp || meta.xmpAsString || meta.iptc || meta.comments?.length);
  if (!turned && !told) return bytes;
  let image = sharp(bytes, options).keepIccProfile();
  // Only still images carry an orientation worth turning (animations are not rotated by sharp).
  if (turned && (meta.pages ?? 1) === 1) image = image.autoOrient();
  switch (type) {
    case "image/jpeg":
      return image.jpeg({ quality: 90, mozjpeg: true }).toBuffer();
    case "image/png":
      return image.png({ compressionLevel: 9, palette: Boolean(meta.isPalette) }).toBuffer();
    case "image/webp":
      return image.webp({ quality: 90 }).toBuffer();
    case "image/avif":
      return image.avif({ quality: 70 }).toBuffer();
    case "image/gif":
      return image.gif().toBuffer();
  }
}

/** The WebP variants of an image, upright, without metadata, each one of `variantWidths`. */
export async function makeVariants(
  bytes: Buffer,
  image: InspectedImage,
): Promise<{ width: number; height: number; body: Buffer }[]> {
  return Promise.all(
    variantWidths(image.width).map(async (width) => ({
      width,
      height: scaledHeight(width, image),
      body: await sharp(bytes, { limitInputPixels: MAX_PIXELS })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer(),
    })),
  );
}
