// Test-only: an uploaded image as the store describes it, for the tests of what renders media.
import type { MediaInfo } from "./media-rules.ts";

export const SAMPLE_MEDIA_ID = "0123456789abcdef0123456789abcdef";

/** A 1200×600 PNG original with its 480 and 960 WebP variants. */
export function sampleMedia(id = SAMPLE_MEDIA_ID): MediaInfo {
  return {
    id,
    url: `/media/${id}/original.png`,
    width: 1200,
    height: 600,
    variants: [
      { url: `/media/${id}/w480.webp`, width: 480, height: 240 },
      { url: `/media/${id}/w960.webp`, width: 960, height: 480 },
    ],
  };
}
