import { readFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import busboy from "busboy";
import { LOCAL_UPLOAD_PATH, type LocalMediaStorage } from "@codcrm/core/media/local-media-storage.server";
import { IMMUTABLE_CACHE_CONTROL, MEDIA_MAX_BYTES } from "@codcrm/core/media/media-rules";

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
  const body = file && type && key.startsWith("media/") ? await readFile(file).catch(() => undefined) : undefined;
  if (!body || !type) return end(res, 404, headers, { "cache-control": "no-store" });
  res.writeHead(200, {
    ...headers,
    "content-type": type,
    "content-length": String(body.length),
    "cache-control": IMMUTABLE_CACHE_CONTROL,
  });
  res.end(req.method === "HEAD" ? undefined : body);
}

function receiveUpload(
  req: IncomingMessage,
  res: ServerResponse,
  storage: LocalMediaStorage,
  headers: Record<string, string>,
): Promise<void> {
  return new Promise((resolve) => {
    const fields: Record<string, string> = {};
    const chunks: Buffer[] = [];
    let tooLarge = false;
    let sawFile = false;
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { fileSize: MEDIA_MAX_BYTES, files: 1, fields: 20 } });
    } catch {
      end(res, 400, headers, {}, "MalformedPOSTRequest");
      return resolve();
    }
    parser.on("field", (name, value) => {
      // Like S3: fields after the file are ignored.
      if (!sawFile) fields[name] = value;
    });
    parser.on("file", (name, stream) => {
      if (name !== "file" || sawFile) return void stream.resume();
      sawFile = true;
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("limit", () => (tooLarge = true));
    });
    parser.on("error", () => {
      end(res, 400, headers, {}, "MalformedPOSTRequest");
      resolve();
    });
    parser.on("close", () => {
      const done = (code: string | undefined) => {
        // S3 answers 204 to a successful POST without a redirect or status field.
        if (code === undefined) end(res, 204, headers, {});
        else end(res, code === "SignatureDoesNotMatch" || code === "ExpiredPolicy" ? 403 : 400, headers, {}, code);
        resolve();
      };
      if (!sawFile) return done("MissingFile");
      if (tooLarge) return done("EntityTooLarge");
      storage.acceptUpload(fields, Buffer.concat(chunks)).then(done, () => done("InternalError"));
    });
    req.pipe(parser);
  });
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
