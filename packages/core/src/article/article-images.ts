import type { MediaRecords } from "../media/media-records.ts";
import { mediaIdOfUrl, type MediaInfo } from "../media/media-rules.ts";
import { VALIDATION_CODES, type FieldError } from "../validation.ts";
import { isAllowedImageSource } from "../web/image-origins.ts";
import type { ArticleInput } from "./article-schema.ts";
import { markdownImages, type MediaInfoLookup } from "./markdown.ts";

/**
 * Every image of a published article has a text alternative: the cover its `imageAlt`, each
 * image of the content a non-empty `![alt](…)`. Drafts may lack them
 * (docs/decisions/0071-image-alt-text.md).
 */
export function imageAltErrors(
  input: Pick<ArticleInput, "published" | "imageUrl" | "imageAlt" | "content">,
): FieldError[] {
  if (!input.published) return [];
  const errors: FieldError[] = [];
  if (input.imageUrl && !input.imageAlt?.trim()) errors.push(altMissing("imageAlt"));
  if (markdownImages(input.content).some((image) => !image.alt.trim())) errors.push(altMissing("content"));
  return errors;
}

/**
 * Every image an article's page loads (its cover and the images of its content) is the site's own
 * or on a listed origin (`IMAGE_ORIGINS`): the page's CSP loads nothing else
 * (docs/decisions/0206-images-from-listed-origins.md). Drafts too: a draft is what will be
 * published. The social image override is not loaded by the page, only read by other sites.
 */
export function imageHostErrors(
  input: Pick<ArticleInput, "imageUrl" | "content">,
  siteOrigin: string | undefined,
  origins: readonly string[],
): FieldError[] {
  const allowed = (src: string) => isAllowedImageSource(src, siteOrigin, origins);
  const errors: FieldError[] = [];
  if (input.imageUrl && !allowed(input.imageUrl)) errors.push(hostNotAllowed("imageUrl"));
  if (markdownImages(input.content).some((image) => !allowed(image.src))) errors.push(hostNotAllowed("content"));
  return errors;
}

function hostNotAllowed(field: string): FieldError {
  return { field, code: "image_host_not_allowed", message: `${field} ${VALIDATION_CODES.image_host_not_allowed}` };
}

function altMissing(field: string): FieldError {
  return { field, code: "image_alt_missing", message: `${field} ${VALIDATION_CODES.image_alt_missing}` };
}

/**
 * The checked images an article shows (its cover and the `/media/` images of its content),
 * read in one batch when it is saved, so its HTML carries their sizes and variants.
 */
export async function articleMedia(
  input: Pick<ArticleInput, "imageUrl" | "content">,
  records: Pick<MediaRecords, "readyByIds">,
  siteOrigin?: string,
): Promise<{ imageMedia?: MediaInfo; mediaInfo: MediaInfoLookup }> {
  const coverId = input.imageUrl ? mediaIdOfUrl(input.imageUrl, siteOrigin) : undefined;
  const ids = markdownImages(input.content)
    .map((image) => mediaIdOfUrl(image.src, siteOrigin))
    .filter((id): id is string => id !== undefined);
  if (coverId) ids.push(coverId);
  const found = ids.length > 0 ? await records.readyByIds(ids) : new Map<string, MediaInfo>();
  const info = (id: string | undefined): MediaInfo | undefined => {
    const media = id ? found.get(id) : undefined;
    return (
      media && { id: media.id, url: media.url, width: media.width, height: media.height, variants: media.variants }
    );
  };
  return {
    imageMedia: info(coverId),
    mediaInfo: (url) => info(mediaIdOfUrl(url, siteOrigin)),
  };
}
