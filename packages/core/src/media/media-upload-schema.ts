import * as z from "zod";
import { MEDIA_MAX_BYTES } from "./media-rules.ts";
import { isMediaType, type MediaType } from "./media-types.ts";

// Apart from the media rules, which every function's media service loads: only the function
// that takes an upload's announcement carries zod for it.

/** What the editor declares before it uploads. */
export const mediaUploadSchema = z.object({
  fileName: z.string().trim().min(1, "required").max(255, "too_long"),
  contentType: z.string().refine(isMediaType, "unsupported_type"),
  size: z.number({ error: "invalid" }).int("invalid").min(1, "required").max(MEDIA_MAX_BYTES, "too_large"),
});
export type MediaUploadRequest = z.output<typeof mediaUploadSchema> & { contentType: MediaType };
