import { readFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import busboy from "busboy";
import {
  LOCAL_UPLOAD_PATH,
  type LocalMediaStorage,
  type SignedPolicy,
} from "@codcrm/core/media/local-media-storage.server";
import { IMMUTABLE_CACHE_CONTROL, MEDIA_MAX_BYTES } from "@codcrm/core/media/media-rules";
import { originalKeyType, servedOriginal } from "@codcrm/core/media/served-original";
import { clientGone } from "./client-gone.ts";

const TYPES: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
};

/** True when the local server should answer this request here: the upload endpoint or a checked image. */
export function isMediaRequest(pathname: string): boolean {
  return pathname === LOCAL_UPLOAD_PATH || pathname.startsWith("/media/");
}

/**
 * Plays the media bucket locally: S3's POST upload (a multipart form, fields then `file`,
 * checked against its signed policy) and CloudFront's `/media/*` (checked images only, cached
 * a year: their keys never change).
 */
export async function serveMedia(
  req: IncomingMessage,
  res: ServerResponse,
  storage: LocalMediaStorage,
  headers: Record<string, string>,
): Promise<void> {
  const pathname = new URL(req.url ?? "/", "http://localhost").pathname;
  if (pathname === LOCAL_UPLOAD_PATH) {
    if (req.method !== "POST") return end(res, 405, headers, { allow: "POST" });
    return receiveUpload(req, res, storage, headers);
  }
  if (req.method !== "GET" && req.method !== "HEAD") return end(res, 405, headers, { allow: "GET, HEAD" });
  const key = decodeURIComponent(pathname).slice(1);
  const file = storage.fileOf(key);
  const type = TYPES[path.extname(key)];
  const read = (from: string): Promise<Buffer | undefined> => readFile(from).catch(() => undefined);
  let body = file && type && key.startsWith("media/") ? await read(file) : undefined;
  // Originals leave without their metadata, however old (docs/decisions/0100-images-without-metadata.md).
  if (body && originalKeyType(key)) {
    const { withoutMetadata } = await import("@codcrm/core/media/image-processing");
    body = (await servedOriginal(key, async () => body, withoutMetadata))?.body;
  }
  if (!body || !type) return end(res, 404, headers, { "cache-control": "no-store" });
  res.writeHead(200, {
    ...headers,
    "content-type": type,
    "content-length": String(body.length),
    "cache-control": IMMUTABLE_CACHE_CONTROL,
  });
  res.end(req.method === "HEAD" ? undefined : body);
}

/** Room for the form's fields and part headers around the file, when the body's length bounds the file's. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * S3's POST upload: the fields come first, so the signature, expiry, key, type and size are
 * checked when the file part begins, before any of its bytes is read. A refused form is
 * answered at once and its connection closed: the rest of the body is never read, let alone
 * held (a bogus 10 MB upload costs what arrived before the answer). An accepted file is read
 * up to its policy's size and no further.
 */
function receiveUpload(
  req: IncomingMessage,
  res: ServerResponse,
  storage: LocalMediaStorage,
  headers: Record<string, string>,
): Promise<void> {
  return new Promise((resolve) => {
    if (clientGone(req, res)) return resolve(void res.end());
    const fields: Record<string, string> = {};
    const chunks: Buffer[] = [];
    let size = 0;
    let policy: SignedPolicy | undefined;
    let sawFile = false;
    let settled = false;
    let parser: busboy.Busboy;
    const done = (code: string | undefined) => {
      if (settled) return;
      settled = true;
      // S3 answers 204 to a successful POST without a redirect or status field.
      if (code === undefined) end(res, 204, headers, {});
      else end(res, refusalStatus(code), headers, {}, code);
      resolve();
    };
    /** Answers before the body is all read: stop reading it, and close the connection once answered. */
    const refuseNow = (code: string) => {
      req.unpipe(parser);
      req.pause();
      res.setHeader("connection", "close");
      res.once("finish", () => req.socket.destroySoon());
      done(code);
    };
    try {
      parser = busboy({ headers: req.headers, limits: { fileSize: MEDIA_MAX_BYTES, files: 1, fields: 20 } });
    } catch {
      return done("MalformedPOSTRequest");
    }
    parser.on("field", (name, value) => {
      // Like S3: fields after the file are ignored.
      if (!sawFile) fields[name] = value;
    });
    parser.on("file", (name, stream) => {
      if (name !== "file" || sawFile) return void stream.resume();
      sawFile = true;
      const checked = storage.checkUploadForm(fields);
      if (!checked.ok) return refuseNow(checked.code);
      policy = checked.policy;
      const bodyLength = Number(req.headers["content-length"] ?? NaN);
      if (bodyLength > policy.maxBytes + FORM_OVERHEAD_BYTES) return refuseNow("EntityTooLarge");
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > policy!.maxBytes) return refuseNow("EntityTooLarge");
        chunks.push(chunk);
      });
    });
    parser.on("error", () => done("MalformedPOSTRequest"));
    parser.on("close", () => {
      if (settled) return;
      if (!sawFile || !policy) return done("MissingFile");
      storage.storeUpload(policy, Buffer.concat(chunks)).then(done, () => done("InternalError"));
    });
    // A client that hangs up mid-form leaves nothing to answer and nothing pending.
    req.on("close", () => {
      if (!req.complete && !settled) {
        settled = true;
        resolve();
      }
    });
    req.pipe(parser);
  });
}

function refusalStatus(code: string): number {
  return code === "SignatureDoesNotMatch" || code === "ExpiredPolicy" ? 403 : 400;
}

function end(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  extra: Record<string, string>,
  code?: string,
): void {
  if (code) {
    // S3 explains a refusal in an XML error document; the code is what clients read.
    const body = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`;
    res.writeHead(status, { ...headers, "content-type": "application/xml", "cache-control": "no-store", ...extra });
    return void res.end(body);
  }
  res.writeHead(status, { ...headers, "cache-control": "no-store", ...extra });
  res.end();
}
