import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile, readdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { transformWithEsbuild } from "vite";
import { LANGUAGES } from "@codcrm/core/site/languages";

/**
 * Runs once the client build and the prerender are written (`buildEnd` in react-router.config.ts).
 */
export async function finishBuild(buildDirectory: string): Promise<void> {
  const client = path.join(buildDirectory, "client");
  await moveNotFoundPages(client);
  const startScript = await writeStartScript(client);
  for (const file of await htmlFiles(client)) {
    const prerendered = await readFile(file, "utf8");
    const html = await externalizeInlineScripts(prerendered, client);
    await writeFile(file, deferAppStart(html, startScript, appEntry(prerendered)));
  }
}

/**
 * The "page not found" page is prerendered at `/{lang}/404` (a path no page uses) and moved
 * to `/{lang}/404.html`, the file the local server and CloudFront answer 404s with.
 */
async function moveNotFoundPages(client: string): Promise<void> {
  for (const language of LANGUAGES) {
    const prerendered = path.join(client, language, "404", "index.html");
    if (!existsSync(prerendered)) throw new Error(`The build did not prerender ${prerendered}`);
    await rename(prerendered, path.join(client, language, "404.html"));
    await rm(path.join(client, language, "404"), { recursive: true });
  }
}

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === "assets" ? [] : htmlFiles(full);
      return entry.name.endsWith(".html") ? [full] : [];
    }),
  );
  return nested.flat();
}

const SCRIPT = /<script((?:\s+[\w-]+(?:="[^"]*")?)*)\s*>([\s\S]*?)<\/script>/g;

/**
 * The Content-Security-Policy allows scripts from the site itself only (`script-src 'self'`,
 * packages/core/src/web/security-headers.ts), so the inline scripts React Router writes into
 * each page (router context, route modules, hydration data) become files under /assets/,
 * named by their content: pages that share one (most do) share one cached file.
 * `defer` and a non-async module keep their original order: context, modules, data.
 */
export async function externalizeInlineScripts(html: string, client: string): Promise<string> {
  const files = new Map<string, string>();
  const out = html.replace(SCRIPT, (tag, attributes: string, body: string) => {
    if (/\ssrc=/.test(attributes) || !body.trim()) return tag;
    const type = /\stype="([^"]*)"/.exec(attributes)?.[1];
    const module = type === "module";
    if (type && !module && type !== "text/javascript") return tag; // data blocks (JSON) are not scripts
    const name = `assets/inline-${createHash("sha256").update(body).digest("base64url").slice(0, 16)}.js`;
    files.set(name, body);
    return module ? `<script type="module" src="/${name}"></script>` : `<script defer src="/${name}"></script>`;
  });
  await Promise.all([...files].map(([name, body]) => writeFile(path.join(client, name), body)));
  return out;
}

/**
 * The start script under /assets/, named by its content like every other asset; minified, as
 * every page downloads it while it loads (its comments were a quarter of its weight).
 */
async function writeStartScript(client: string): Promise<string> {
  const source = await readFile(fileURLToPath(new URL("start-app.js", import.meta.url)), "utf8");
  const { code: body } = await transformWithEsbuild(source, "start-app.js", { minify: true, target: "es2019" });
  const name = `assets/start-app-${createHash("sha256").update(body).digest("base64url").slice(0, 16)}.js`;
  await writeFile(path.join(client, name), body);
  return `/${name}`;
}

/**
 * The app's entry (entry.client.tsx), which hydrates when it is evaluated: the module that
 * the page's inline module script imports dynamically, once the route modules are registered.
 */
export function appEntry(html: string): string {
  const entries = [...html.matchAll(/<script type="module"[^>]*>[\s\S]*?\bimport\("([^"]+)"\)[\s\S]*?<\/script>/g)].map(
    (match) => match[1]!,
  );
  if (entries.length !== 1)
    throw new Error(`Expected one app entry imported by the page's module, found ${entries.length}`);
  return entries[0]!;
}

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const APP_MODULE = /<script type="module" src="([^"]+)"><\/script>/g;

/**
 * Paint first, then start the app. As built, every page asks for its ~150 KB of scripts
 * (modulepreload) while the browser still needs the HTML and the stylesheet for the first
 * paint, and runs them before it paints on a slow phone. The page is complete without them
 * (prerendered), so the preloads and the app's module script are replaced by one small
 * deferred script that requests them right after the first frame (start-app.js).
 * It also evaluates the chunks one per task (data-evaluate: every preload but the entry,
 * which must come after the page's module), not all in one long task.
 * Runs after `externalizeInlineScripts`: the app's module is a file by then.
 */
export function deferAppStart(html: string, startScript: string, entry: string): string {
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const modules = [...html.matchAll(APP_MODULE)].map((match) => match[1]!);
  if (modules.length !== 1) throw new Error(`Expected one module script in a page, found ${modules.length}`);
  if (!preloads.includes(entry)) throw new Error(`The page does not preload its app entry ${entry}`);
  const evaluate = preloads.filter((href) => href !== entry);
  const start = `<script defer src="${startScript}" data-module="${modules[0]}" data-preload="${preloads.join(" ")}" data-evaluate="${evaluate.join(" ")}"></script>`;
  return html.replace(MODULE_PRELOAD, "").replace(APP_MODULE, start);
}
