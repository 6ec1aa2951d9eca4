import { createHmac, timingSafeEqual } from "node:crypto";
import { mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { isMediaType, UNCHECKED_UPLOAD_DAYS, type MediaType } from "./media-rules.ts";
import type { MediaStorage, UploadForm, UploadPolicy } from "./media-storage.ts";

/** Where the local server accepts upload forms (`packages/local`), like S3's bucket endpoint. */
export const LOCAL_UPLOAD_PATH = "/media/upload";

export interface SignedPolicy {
  key: string;
  contentType: MediaType;
  maxBytes: number;
  /** Epoch milliseconds. */
  expiresAt: number;
}

/**
 * Media in a folder of the local data directory. Its upload forms carry a policy signed with
 * a key derived from the server's secret, checked by `acceptUpload` the way S3 checks a
 * presigned POST: one key, one content type, at most the declared size, until it expires.
 * So the local endpoint is no open upload either.
 */
export class LocalMediaStorage implements MediaStorage {
  private readonly signingKey: Buffer;

  constructor(
    readonly root: string,
    secret: string,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.signingKey = createHmac("sha256", secret).update("media-upload-policy").digest();
  }

  async signUpload(policy: UploadPolicy): Promise<UploadForm> {
    const signed: SignedPolicy = {
      key: policy.key,
      contentType: policy.contentType,
      maxBytes: policy.maxBytes,
      expiresAt: this.clock().getTime() + policy.expiresSeconds * 1000,
    };
    const encoded = Buffer.from(JSON.stringify(signed)).toString("base64url");
    return {
      url: LOCAL_UPLOAD_PATH,
      fields: {
        key: policy.key,
        "Content-Type": policy.contentType,
        Policy: encoded,
        Signature: this.sign(encoded),
      },
    };
  }

  /**
   * Checks a posted form's fields against its signed policy: signature, expiry, key and
   * content type, all known before the file's bytes (S3's form puts the fields first). Answers
   * the policy to store the file under, or the reason the form is refused (S3-like codes).
   */
  checkUploadForm(fields: Record<string, string>): { ok: true; policy: SignedPolicy } | { ok: false; code: string } {
    const encoded = fields.Policy ?? "";
    const given = Buffer.from(fields.Signature ?? "");
    const expected = Buffer.from(this.sign(encoded));
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return { ok: false, code: "SignatureDoesNotMatch" };
    let policy: SignedPolicy;
    try {
      policy = JSON.parse(Buffer.from(encoded, "base64url").toString("utf8")) as SignedPolicy;
    } catch {
      return { ok: false, code: "InvalidPolicyDocument" };
    }
    if (this.clock().getTime() > policy.expiresAt) return { ok: false, code: "ExpiredPolicy" };
    if (fields.key !== policy.key) return { ok: false, code: "InvalidKey" };
    if (fields["Content-Type"] !== policy.contentType || !isMediaType(policy.contentType))
      return { ok: false, code: "InvalidContentType" };
    return { ok: true, policy };
  }

  /** Stores the file of a form `checkUploadForm` accepted; its size must be within the policy's. */
  async storeUpload(policy: SignedPolicy, file: Buffer): Promise<string | undefined> {
    if (file.length < 1 || file.length > policy.maxBytes) return "EntityTooLarge";
    await this.put(policy.key, file, policy.contentType);
    return undefined;
  }

  /**
   * Checks a posted form against its signed policy and stores the file. Returns the reason
   * it is refused (S3-like codes), or undefined once stored.
   */
  async acceptUpload(fields: Record<string, string>, file: Buffer): Promise<string | undefined> {
    const checked = this.checkUploadForm(fields);
    return checked.ok ? this.storeUpload(checked.policy, file) : checked.code;
  }

  async get(key: string): Promise<Buffer | undefined> {
    const file = this.fileOf(key);
    return file ? readFile(file).catch(() => undefined) : undefined;
  }

  async put(key: string, body: Buffer, _contentType: string): Promise<void> {
    const file = this.fileOf(key);
    if (!file) throw new Error(`Invalid media key ${JSON.stringify(key)}`);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, body);
  }

  async delete(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      const file = this.fileOf(key);
      if (file) await rm(file, { force: true });
    }
  }

  /**
   * What the bucket's lifecycle rule does on AWS: uploads never completed (never checked, so
   * never served) are removed once older than `UNCHECKED_UPLOAD_DAYS`. Answers how many.
   */
  async removeStaleUploads(): Promise<number> {
    const folder = path.join(this.root, "uploads");
    const names = await readdir(folder).catch(() => [] as string[]);
    const before = this.clock().getTime() - UNCHECKED_UPLOAD_DAYS * 24 * 60 * 60 * 1000;
    let removed = 0;
    for (const name of names) {
      const file = path.join(folder, name);
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile() || info.mtimeMs >= before) continue;
      await rm(file, { force: true });
      removed += 1;
    }
    return removed;
  }

  /** The file of a key, never outside the root. */
  fileOf(key: string): string | undefined {
    if (!/^(uploads|media)\/[a-z0-9/._-]+$/.test(key) || key.split("/").some((part) => part === ".." || part === ""))
      return undefined;
    const file = path.join(this.root, key);
    return file.startsWith(this.root + path.sep) ? file : undefined;
  }

  private sign(encoded: string): string {
    return createHmac("sha256", this.signingKey).update(encoded).digest("base64url");
  }
}
