// Zod Mini: the function that takes the announcement parses with it alone, about 65 KB lighter
// than classic zod.
import * as z from "zod/mini";
import { MEDIA_MAX_BYTES } from "./media-rules.ts";
import { isMediaType, type MediaType } from "./media-types.ts";

// Apart from the media rules, which every function's media service loads: only the function
// that takes an upload's announcement carries zod for it.

/** What the editor declares before it uploads. */
export const mediaUploadSchema = z.object({
  fileName: z.string().check(z.trim(), z.minLength(1, "required"), z.maxLength(255, "too_long")),
  contentType: z.string().check(z.refine(isMediaType, "unsupported_type")),
  size: z
    .number({ error: "invalid" })
    .check(z.refine(Number.isInteger, "invalid"), z.minimum(1, "required"), z.maximum(MEDIA_MAX_BYTES, "too_large")),
});
export type MediaUploadRequest = z.output<typeof mediaUploadSchema> & { contentType: MediaType };
