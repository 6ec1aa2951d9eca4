import { MEDIA_MAX_BYTES, type MediaInfo } from "@codcrm/core/media/media-rules";
import { SNIFF_BYTES, sniffImageType } from "@codcrm/core/media/sniff";
import { ApiError } from "../../../../lib/api-client.ts";
import type { ArticlesApi } from "./articles-api.ts";

/** Why a file was not uploaded: a validation code (`validation.<code>` in the locales). */
export class ImageRefused extends Error {
  constructor(
    readonly fileName: string,
    readonly code: string,
  ) {
    super(`${fileName}: ${code}`);
    this.name = "ImageRefused";
  }
}

/**
 * A quick answer before anything is sent: the file's first bytes must be an accepted image
 * type and it must fit the size limit. The server checks again by decoding it; it decides.
 */
export async function checkImageFile(file: File): Promise<string> {
  if (file.size > MEDIA_MAX_BYTES) throw new ImageRefused(file.name, "too_large");
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  const type = sniffImageType(head);
  if (!type) throw new ImageRefused(file.name, "not_an_image");
  return type;
}

/**
 * Uploads one image: announce it, post the bytes to the signed form (S3 on AWS, the local
 * server locally), then have the server check them. Resolves with the checked image.
 */
export async function uploadImage(
  api: Pick<ArticlesApi, "announceMedia" | "completeMedia">,
  file: File,
): Promise<MediaInfo> {
  const contentType = await checkImageFile(file);
  try {
    const { upload, media } = await api.announceMedia({ fileName: file.name, contentType, size: file.size });
    const form = new FormData();
    for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
    // The file last: storage ignores fields after it.
    form.append("file", new Blob([file], { type: contentType }), file.name);
    const posted = await fetch(upload.url, { method: "POST", body: form });
    if (!posted.ok) throw new ImageRefused(file.name, "upload_failed");
    return await api.completeMedia(media.id);
  } catch (error) {
    if (error instanceof ApiError && error.fields.length > 0) throw new ImageRefused(file.name, error.fields[0]!.code);
    throw error;
  }
}

/** The image files of a drop or a paste, in order. */
export function imageFilesOf(data: DataTransfer | null): File[] {
  return [...(data?.files ?? [])];
}
