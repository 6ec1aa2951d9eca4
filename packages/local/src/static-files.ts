import { readFile, stat } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createHash } from "node:crypto";
import path from "node:path";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import { CACHE_CONTROL, HASHED_ASSETS_DIR } from "@codcrm/core/web/cache-control";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".data": "text/x-script; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".webmanifest": "application/manifest+json",
};
const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest)|image\/svg)/;

export interface StaticFile {
  body: Buffer;
  type: string;
  /** Hashed build assets never change: cache them for a year. */
  immutable: boolean;
}

/**
 * The built web app from disk, compressed once per file and encoding and kept in memory
 * (the build is immutable while the server runs).
 */
export class StaticFiles {
  private readonly compressed = new Map<string, Buffer>();
  /**
   * Files read, by their path on disk: a page costs no file system call after its first
   * request (each call waits for the thread pool, which a busy process may be slow to give back).
   */
  private readonly read = new Map<string, StaticFile>();

  constructor(readonly root: string) {}

  /** The file for a URL path (`/es/blog` -> `es/blog/index.html`), or undefined. */
  async resolve(urlPath: string): Promise<StaticFile | undefined> {
    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return undefined;
    }
    const relative = path.posix.normalize(decoded).replace(/^\/+/, "");
    if (relative.startsWith("..") || relative.includes("\0")) return undefined;
    const candidates = [relative, path.posix.join(relative, "index.html"), `${relative}.html`];
    for (const candidate of candidates) {
      const known = this.read.get(path.join(this.root, candidate));
      if (known) return known;
    }
    for (const candidate of candidates) {
      const file = path.join(this.root, candidate);
      if (!file.startsWith(this.root)) continue;
      const info = await stat(file).catch(() => undefined);
      if (info?.isFile()) {
        const type = TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream";
        const found = { body: await readFile(file), type, immutable: candidate.startsWith(`${HASHED_ASSETS_DIR}/`) };
        // What is not there is looked for again: a file may be written into the root later.
        this.read.set(file, found);
        return found;
      }
    }
    return undefined;
  }

  /** Writes a body with the best encoding the client accepts. */
  send(
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    file: { body: Buffer; type: string; cacheControl: string },
    headers: Record<string, string>,
  ): void {
    const accept = String(req.headers["accept-encoding"] ?? "");
    const encoding =
      !COMPRESSIBLE.test(file.type) || file.body.length < 512
        ? undefined
        : /\bbr\b/.test(accept)
          ? "br"
          : /\bgzip\b/.test(accept)
            ? "gzip"
            : undefined;
    const body = encoding ? this.compress(file.body, encoding) : file.body;
    res.writeHead(status, {
      ...headers,
      "content-type": file.type,
      "cache-control": file.cacheControl,
      vary: "Accept-Encoding",
      "content-length": String(body.length),
      ...(encoding ? { "content-encoding": encoding } : {}),
    });
    res.end(req.method === "HEAD" ? undefined : body);
  }

  private compress(body: Buffer, encoding: "br" | "gzip"): Buffer {
    // Keyed by content, so a response built per request (an article page) is compressed per version.
    const key = `${encoding}:${createHash("sha1").update(body).digest("base64")}`;
    let out = this.compressed.get(key);
    if (!out) {
      out =
        encoding === "br"
          ? brotliCompressSync(body, {
              params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
            })
          : gzipSync(body, { level: 9 });
      if (this.compressed.size > 2000) this.compressed.clear();
      this.compressed.set(key, out);
    }
    return out;
  }
}

export function cacheControlFor(file: StaticFile): string {
  if (file.immutable) return CACHE_CONTROL.hashedAsset;
  if (file.type.startsWith("text/html") || file.type.startsWith("text/x-script")) return CACHE_CONTROL.page;
  return CACHE_CONTROL.other;
}
