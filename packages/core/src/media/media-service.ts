import { NotFoundError, UnprocessableContentError } from "../errors.ts";
import type { MediaRecords, ReadyMedia } from "./media-records.ts";
import { VALIDATION_CODES, type ValidationCode } from "../validation.ts";
import type { inspectImage, makeVariants, withoutMetadata } from "./image-processing.ts";

/**
 * The sharp-based checks, passed in by the one function that runs them: this module is
 * reachable from every function's dependencies, sharp (a native module) only from that one.
 */
export interface ImageProcessor {
  inspectImage: typeof inspectImage;
  makeVariants: typeof makeVariants;
  withoutMetadata: typeof withoutMetadata;
}
import { UPLOAD_EXPIRES_SECONDS, isMediaId, mediaKeys, mediaUrl, newMediaId, type MediaInfo } from "./media-rules.ts";
import type { MediaUploadRequest } from "./media-upload-schema.ts";
import type { MediaStorage, UploadForm } from "./media-storage.ts";

/** The two steps of an upload, the same on AWS and locally (docs/decisions/0070-article-images.md). */
export class MediaService {
  constructor(
    private readonly storage: MediaStorage,
    private readonly records: MediaRecords,
    private readonly random: (bytes: number) => Uint8Array,
  ) {}

  /** Step 1: a pending record and a form that lets the browser put exactly this file in storage. */
  async announce(request: MediaUploadRequest, now: Date): Promise<{ upload: UploadForm; media: { id: string } }> {
    const id = newMediaId(this.random);
    await this.records.putPending(
      {
        id,
        status: "pending",
        fileName: request.fileName,
        contentType: request.contentType,
        size: request.size,
        createdAt: now.toISOString(),
      },
      now,
    );
    const upload = await this.storage.signUpload({
      key: mediaKeys.upload(id),
      contentType: request.contentType,
      maxBytes: request.size,
      expiresSeconds: UPLOAD_EXPIRES_SECONDS,
    });
    return { upload, media: { id } };
  }

  /**
   * Step 2: the uploaded bytes are checked by content; an image gets its original (without
   * its metadata) and its variants under `media/`, anything else is deleted and refused (422 naming the reason).
   * Completing an image twice answers the same.
   */
  async complete(id: string, { inspectImage, makeVariants, withoutMetadata }: ImageProcessor): Promise<MediaInfo> {
    const record = isMediaId(id) ? await this.records.get(id) : undefined;
    if (!record) throw new NotFoundError("No upload with this id.");
    if (record.status === "ready") return publicInfo(record);
    const uploadKey = mediaKeys.upload(id);
    const bytes = await this.storage.get(uploadKey);
    if (!bytes) throw refusal("upload_missing");
    const inspected = await inspectImage(bytes, record.contentType);
    if (!inspected.ok) {
      await this.storage.delete([uploadKey]);
      throw refusal(inspected.reason);
    }
    const { image } = inspected;
    // What is kept and served tells no one where, when or with what it was taken
    // (docs/decisions/0100-images-without-metadata.md); the upload with it is deleted below.
    const original = await withoutMetadata(bytes, image.type);
    const variants = await makeVariants(original, image);
    const key = mediaKeys.original(id, image.type);
    await Promise.all([
      this.storage.put(key, original, image.type),
      ...variants.map((v) => this.storage.put(mediaKeys.variant(id, v.width), v.body, "image/webp")),
    ]);
    const ready: ReadyMedia = {
      id,
      status: "ready",
      fileName: record.fileName,
      contentType: image.type,
      key,
      url: mediaUrl(key),
      width: image.width,
      height: image.height,
      variants: variants.map((v) => ({
        url: mediaUrl(mediaKeys.variant(id, v.width)),
        width: v.width,
        height: v.height,
        bytes: v.body.length,
      })),
      createdAt: record.createdAt,
    };
    await this.records.putReady(ready);
    await this.storage.delete([uploadKey]);
    return publicInfo(ready);
  }
}

export function publicInfo(media: ReadyMedia): MediaInfo {
  return { id: media.id, url: media.url, width: media.width, height: media.height, variants: media.variants };
}

function refusal(code: ValidationCode): UnprocessableContentError {
  return new UnprocessableContentError("unprocessable_image", `The file ${VALIDATION_CODES[code]}.`, [
    { field: "file", code, message: `file ${VALIDATION_CODES[code]}` },
  ]);
}
