import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { APP_SHELL_FILE } from "@codcrm/core/site/app-shell";
import { LANGUAGES, type Language } from "@codcrm/core/site/languages";

/**
 * Where the web build's HTML lives for the page handlers: `PAGE_TEMPLATE_DIR` when set (the
 * Lambda carries a copy of the files below next to its code), else the local build.
 * Files read: the app shell (`APP_SHELL_FILE`, the document that boots the app) and
 * `{lang}/blog/index.html` (its header and footer frame the server-rendered content).
 */
export function pageTemplateDir(configured: string | undefined): string {
  return configured ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../web/build/client");
}

export const frameFile = (language: Language) => `${language}/blog/index.html`;

/** Every file the page handlers read, relative to the web build (the stacks copy these into the Lambda). */
export const TEMPLATE_FILES: readonly string[] = [APP_SHELL_FILE, ...LANGUAGES.map(frameFile)];

/** Where a deployed function finds its copy: under the Lambda task root, where its code is unpacked. */
export const LAMBDA_TEMPLATE_DIR = "/var/task/page-template";

const cache = new Map<string, { mtimeMs: number; text: string }>();

/** A template file, re-read only when it changes (a rebuild while the local server runs). */
export async function readTemplate(dir: string, file: string): Promise<string | undefined> {
  const full = path.join(dir, file);
  const info = await stat(full).catch(() => undefined);
  if (!info?.isFile()) return undefined;
  const cached = cache.get(full);
  if (cached?.mtimeMs === info.mtimeMs) return cached.text;
  const text = await readFile(full, "utf8");
  cache.set(full, { mtimeMs: info.mtimeMs, text });
  return text;
}
