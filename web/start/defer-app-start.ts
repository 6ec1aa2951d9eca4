/**
 * The page as React Router and React render it, made to start its app on the visitor's first
 * interaction (README.md in this folder). Pure: the build's prerender and the page functions run
 * it on every page they write (web/app/entry.server.tsx), so no page, prerendered or rendered
 * on request, asks for the app's code while it loads, and none carries a script of its own that
 * the Content-Security-Policy would have to allow: the start script, the same on every page, is
 * the only one.
 *
 * What React Router writes, and what becomes of it:
 * - `<link rel="modulepreload">` (React hoists them into <head>): their addresses go to the
 *   start script (`data-preload`), which asks for them when the app starts;
 * - the preload of the page's strings (root.tsx): to the start script (`data-strings`);
 * - the router's context script (`window.__reactRouterContext = {…}` and its stream): the start
 *   script, with the context as data (`data-context`), in its place;
 * - the route modules' module script (`import * as route0 from …`, then the entry): a JSON block
 *   in its place with the route modules and the router's data (the stream's chunks, below); the
 *   entry, which hydrates, to the start script (`data-entry`);
 * - the stream's scripts (`streamController.enqueue("…")`, `close()`): their chunks go into that
 *   JSON block, and the scripts go.
 * The two scripts the app's `<Scripts/>` renders stay two `<script>` elements in the same place,
 * so hydration finds what it renders there.
 */
export interface StartData {
  /** React Router's context, without its stream. */
  context: unknown;
  /** The route modules the page renders, by route id: each route's module files, merged in order. */
  routes: Record<string, string[]>;
  /** The build's route manifest module, imported before the routes. */
  manifest: string | undefined;
  /** The app's entry, which hydrates: imported last. */
  entry: string;
  /** The router's data for this page, as React Router's stream carried it. */
  stream: string[];
  /** The address the page was rendered for (path and query): the app hydrates it as such. */
  url: string;
}

/** Attributes of one start tag, names lower-cased (`<link rel="x" href="y"/>`). */
function attributes(tag: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const match of tag.matchAll(/\s([\w:-]+)(?:="([^"]*)")?/g)) found[match[1]!.toLowerCase()] = match[2] ?? "";
  return found;
}

const LINK = /<link\b[^>]*>/g;
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;
const CONTEXT = /^window\.__reactRouterContext = (\{[\s\S]*?\});window\.__reactRouterContext\.stream = /;
const ENQUEUE = /^window\.__reactRouterContext\.streamController\.enqueue\(("(?:[^"\\]|\\.)*")\);$/;
const CLOSE = "window.__reactRouterContext.streamController.close();";

function unescapeAttribute(value: string): string {
  return value
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}

function escapeAttribute(value: string): string {
  return value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

/** JSON for a `<script type="application/json">` block: nothing in it can end the element. */
export function jsonForScriptElement(value: unknown): string {
  return JSON.stringify(value).replaceAll("<", "\\u003c").replaceAll(">", "\\u003e").replaceAll("&", "\\u0026");
}

/** The route modules' script: `import * as route0 from "…";` (or a route's chunks merged), the registry, the entry. */
function readModuleScript(body: string): Pick<StartData, "routes" | "manifest" | "entry"> {
  const imports = new Map<string, string[]>();
  for (const match of body.matchAll(/import \* as (\w+) from "([^"]+)";/g)) {
    const variable = match[1]!.replace(/_(main|clientAction|clientLoader|clientMiddleware|HydrateFallback)$/, "");
    imports.set(variable, [...(imports.get(variable) ?? []), match[2]!]);
  }
  const registry = /window\.__reactRouterRouteModules = \{([^}]*)\};/.exec(body)?.[1];
  const entries = [...body.matchAll(/\bimport\("([^"]+)"\);/g)].map((match) => match[1]!);
  if (registry === undefined || entries.length !== 1)
    throw new Error("The page's route modules script is not one React Router writes: the app could not start.");
  const routes: Record<string, string[]> = {};
  for (const match of registry.matchAll(/("(?:[^"\\]|\\.)*"):(\w+)/g)) {
    const files = imports.get(match[2]!);
    if (!files) throw new Error(`The page's route modules script names ${match[2]} without importing it.`);
    routes[JSON.parse(match[1]!) as string] = files;
  }
  const manifest = /^;?\s*import "([^"]+)";/m.exec(body)?.[1];
  return { routes, manifest, entry: entries[0]! };
}

/**
 * The page with its app deferred to the start script (`startScript`, minified, the same on every
 * page). Throws on a page whose scripts it does not recognise, rather than ship a page that never
 * starts.
 */
export function deferAppStart(html: string, startScript: string, url: string): string {
  if (/<\/script/i.test(startScript))
    throw new Error("The start script cannot be written into a page: it holds </script");
  const preloads: string[] = [];
  let strings: string | undefined;
  let out = html.replace(LINK, (tag) => {
    const link = attributes(tag);
    if (link.rel === "modulepreload" && link.href) {
      preloads.push(unescapeAttribute(link.href));
      return "";
    }
    if (link.rel === "preload" && link.as === "fetch" && link.href?.endsWith(".json")) {
      strings = unescapeAttribute(link.href);
      return "";
    }
    return tag;
  });

  let context: unknown;
  let modules: Pick<StartData, "routes" | "manifest" | "entry"> | undefined;
  const stream: string[] = [];
  let closed = false;
  out = out.replace(SCRIPT, (tag, attrs: string, body: string) => {
    const type = attributes(`<script${attrs}>`).type;
    if (type === "application/ld+json" || type === "application/json") return tag;
    const contextMatch = CONTEXT.exec(body);
    if (contextMatch) {
      context = JSON.parse(contextMatch[1]!);
      return "\u0000start\u0000";
    }
    if (type === "module") {
      modules = readModuleScript(body);
      return "\u0000data\u0000";
    }
    const chunk = ENQUEUE.exec(body.trim());
    if (chunk) {
      stream.push(JSON.parse(chunk[1]!) as string);
      return "";
    }
    if (body.trim() === CLOSE) {
      closed = true;
      return "";
    }
    throw new Error(`A script the start machinery does not know: ${body.slice(0, 80)}`);
  });
  if (context === undefined || !modules)
    throw new Error("The page has no React Router context or route modules script: the app could not start.");
  if (!closed) throw new Error("The page's router data was cut short (no end of its stream).");
  if (!preloads.includes(modules.entry)) throw new Error(`The page does not preload its app entry ${modules.entry}`);

  const data: StartData = { context, ...modules, stream, url };
  const start =
    `<script data-preload="${escapeAttribute(preloads.join(" "))}" data-entry="${escapeAttribute(modules.entry)}"` +
    `${strings ? ` data-strings="${escapeAttribute(strings)}"` : ""}>${startScript}</script>`;
  return out
    .replace("\u0000start\u0000", start)
    .replace(
      "\u0000data\u0000",
      `<script type="application/json" id="${START_DATA_ID}">${jsonForScriptElement(data)}</script>`,
    );
}

/** The id of the JSON block the start script reads (start-app.js). */
export const START_DATA_ID = "app-start-data";
