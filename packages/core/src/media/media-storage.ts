import type { MediaType } from "./media-rules.ts";

/** A form the browser posts (fields first, then `file`) to put one upload's bytes in storage. */
export interface UploadForm {
  url: string;
  fields: Record<string, string>;
}

export interface UploadPolicy {
  key: string;
  contentType: MediaType;
  /** The declared size: the upload may not be larger. */
  maxBytes: number;
  expiresSeconds: number;
}

/**
 * Where image bytes live: S3 on AWS (`s3-media-storage.ts`), a folder locally
 * (`local-media-storage.server.ts`). The same contract either way: a signed form limited to one key,
 * one type and a size, so bytes never pass through the API.
 */
export interface MediaStorage {
  signUpload(policy: UploadPolicy): Promise<UploadForm>;
  /** The object's bytes, or undefined when there is none. */
  get(key: string): Promise<Buffer | undefined>;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  delete(keys: readonly string[]): Promise<void>;
}
