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
  const startScript = await startScriptBody();
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
 * On a page with a module script (every page the app starts on), the classic scripts (router
 * context, the page's data) go into the module's file, ahead of its own code: they ran before
 * the module's dynamic import of the entry, and still do, and the page makes no request for
 * them while it loads; they are needed when the app starts, not before
 * (docs/decisions/0185-no-app-requests-at-load.md). Elsewhere they become deferred files, in
 * their order.
 */
export async function externalizeInlineScripts(html: string, client: string): Promise<string> {
  const files = new Map<string, string>();
  const scripts = [...html.matchAll(SCRIPT)].flatMap(([tag, attributes = "", body = ""]) => {
    if (/\ssrc=/.test(attributes) || !body.trim()) return [];
    const type = /\stype="([^"]*)"/.exec(attributes)?.[1];
    if (type && type !== "module" && type !== "text/javascript") return []; // data blocks (JSON) are not scripts
    return [{ tag, body, module: type === "module" }];
  });
  const modules = scripts.filter((script) => script.module);
  const folded = modules.length === 1 ? scripts.filter((script) => !script.module) : [];
  const moduleBody = [...folded.map((script) => script.body), modules[0]?.body ?? ""].join("\n");
  let out = html;
  for (const script of scripts) {
    if (folded.includes(script)) {
      out = out.replace(script.tag, "");
      continue;
    }
    const body = script.module && folded.length ? moduleBody : script.body;
    const name = `assets/inline-${createHash("sha256").update(body).digest("base64url").slice(0, 16)}.js`;
    files.set(name, body);
    out = out.replace(
      script.tag,
      script.module ? `<script type="module" src="/${name}"></script>` : `<script defer src="/${name}"></script>`,
    );
  }
  await Promise.all([...files].map(([name, body]) => writeFile(path.join(client, name), body)));
  return out;
}

/**
 * The start script, minified (its comments were a quarter of its weight): every page carries it
 * in its HTML, the same on every page, so one hash in the Content-Security-Policy covers it.
 */
async function startScriptBody(): Promise<string> {
  const source = await readFile(fileURLToPath(new URL("start-app.js", import.meta.url)), "utf8");
  const { code } = await transformWithEsbuild(source, "start-app.js", { minify: true, target: "es2019" });
  return code.trim();
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
/** The preload of the page's strings (entry.server.tsx). */
const STRINGS_PRELOAD = /<link rel="preload" href="([^"]+)" as="fetch" crossorigin="anonymous" fetchpriority="low"\/>/;
const APP_MODULE = /<script type="module" src="([^"]+)"><\/script>/g;

/**
 * Paint first, then start the app. As built, every page asks for its ~150 KB of scripts
 * (modulepreload) while the browser still needs the HTML and the stylesheet for the first
 * paint, and runs them before it paints on a slow phone. The page is complete without them
 * (prerendered), so the preloads and the app's module script are replaced by one small
 * script, written into the page, that requests them when the app starts (start-app.js).
 * It also evaluates the chunks one per task (data-evaluate: every preload but the entry,
 * which must come after the page's module), not all in one long task.
 * The preload of the page's strings goes to the start script too (data-strings). The start
 * script is inline, not a file: while it loads, the page requests nothing for the app, so its
 * largest paint waits for nothing the HTML alone would not
 * (docs/decisions/0185-no-app-requests-at-load.md).
 * Runs after `externalizeInlineScripts`: the app's module is a file by then, with React
 * Router's data in it.
 */
export function deferAppStart(html: string, startScript: string, entry: string): string {
  if (/<\/script/i.test(startScript))
    throw new Error("The start script cannot be written into a page: it holds </script");
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const modules = [...html.matchAll(APP_MODULE)].map((match) => match[1]!);
  if (modules.length !== 1) throw new Error(`Expected one module script in a page, found ${modules.length}`);
  if (!preloads.includes(entry)) throw new Error(`The page does not preload its app entry ${entry}`);
  const evaluate = preloads.filter((href) => href !== entry);
  const strings = STRINGS_PRELOAD.exec(html)?.[1];
  const start =
    `<script data-module="${modules[0]}" data-preload="${preloads.join(" ")}" ` +
    `data-evaluate="${evaluate.join(" ")}"${strings ? ` data-strings="${strings}"` : ""}>${startScript}</script>`;
  return html.replace(MODULE_PRELOAD, "").replace(STRINGS_PRELOAD, "").replace(APP_MODULE, start);
}
