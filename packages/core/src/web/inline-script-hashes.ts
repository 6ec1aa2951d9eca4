import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * CSP `'sha256-…'` sources for the inline scripts of built pages, so the policy can allow
 * exactly those scripts without `'unsafe-inline'`. Used by the CloudFront response headers
 * policy (stacks/Web.ts) and the local server, over the same build: one CSP everywhere.
 */

// Script types the browser does not execute (data blocks) are not subject to script-src.
const DATA_BLOCK_TYPE = /^(application\/(ld\+)?json|text\/template|text\/plain)$/i;
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

export function scriptHash(source: string): string {
  return `'sha256-${createHash("sha256").update(source, "utf8").digest("base64")}'`;
}

/** The hashes of one page's inline scripts, in page order. */
export function inlineScriptHashesOf(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = "", body = ""] of html.matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1];
    if (type && DATA_BLOCK_TYPE.test(type)) continue;
    hashes.push(scriptHash(body));
  }
  return hashes;
}

/**
 * Every distinct inline-script hash over all `.html` files under `root`, sorted so the
 * header is stable between builds with the same scripts. A missing folder has none.
 */
export function inlineScriptHashes(root: string): string[] {
  const hashes = new Set<string>();
  for (const file of htmlFiles(root))
    for (const hash of inlineScriptHashesOf(readFileSync(file, "utf8"))) hashes.add(hash);
  return [...hashes].sort();
}

function htmlFiles(root: string): string[] {
  let entries;
  try {
    entries = readdirSync(root, { withFileTypes: true, recursive: true });
  } catch {
    return [];
  }
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .map((entry) => path.join(entry.parentPath, entry.name));
}
