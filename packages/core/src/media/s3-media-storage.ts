import { DeleteObjectsCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { createPresignedPost } from "@aws-sdk/s3-presigned-post";
import { IMMUTABLE_CACHE_CONTROL } from "./media-rules.ts";
import type { MediaStorage, UploadForm, UploadPolicy } from "./media-storage.ts";

/**
 * The private media bucket. Uploads are S3 presigned POSTs: S3 itself refuses a file of
 * another key, another content type or larger than declared, and the form expires.
 */
export class S3MediaStorage implements MediaStorage {
  constructor(
    private readonly s3: S3Client,
    private readonly bucket: string,
  ) {}

  async signUpload(policy: UploadPolicy): Promise<UploadForm> {
    const { url, fields } = await createPresignedPost(this.s3, {
      Bucket: this.bucket,
      Key: policy.key,
      Conditions: [
        ["eq", "$Content-Type", policy.contentType],
        ["content-length-range", 1, policy.maxBytes],
      ],
      Fields: { "Content-Type": policy.contentType },
      Expires: policy.expiresSeconds,
    });
    return { url, fields };
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      const object = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : undefined;
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === "NoSuchKey") return undefined;
      throw error;
    }
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.s3.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        CacheControl: IMMUTABLE_CACHE_CONTROL,
      }),
    );
  }

  async delete(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.s3.send(
      new DeleteObjectsCommand({
        Bucket: this.bucket,
        Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
      }),
    );
  }
}

export function createS3MediaStorage(region: string, bucket: string): S3MediaStorage {
  return new S3MediaStorage(new S3Client({ region }), bucket);
}
