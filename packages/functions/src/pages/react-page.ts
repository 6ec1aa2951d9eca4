import { stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { PageLoadContext } from "@codcrm/core/article/blog-page-data";
import type { ApiResponse } from "../http/api.ts";

/**
 * The blog's pages rendered on request by the web app's own server build: React Router and
 * react-dom/server, the same routes and components as the build's prerender and the browser's
 * app, which hydrates what this writes (docs/decisions/0201-react-19-as-commissioned.md). The
 * function reads the page's data from the store and hands it to the route as its load context;
 * the route's server loader returns it as it is.
 */

/** Where a deployed function carries the server build (the stacks copy it there, beside its code). */
export const LAMBDA_SERVER_BUILD = "/var/task/web-server/index.js";

/** The web package's server build in this checkout (`npm run build`). */
export const LOCAL_SERVER_BUILD = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../../web/build/server/index.js",
);

/** What the server build exports: React Router's build, with its request handler beside the entry (web/app/entry.server.tsx). */
interface ServerBuild {
  entry: {
    module: {
      createRequestHandler(
        build: ServerBuild,
        mode: string,
      ): (request: Request, context: PageLoadContext) => Promise<Response>;
    };
  };
}

const handlers = new Map<
  string,
  { mtimeMs: number; handle: ReturnType<ServerBuild["entry"]["module"]["createRequestHandler"]> }
>();

/** The build's request handler, loaded again only when the file changes (a rebuild while the local server runs). */
async function requestHandler(file: string) {
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) throw new Error(`No web server build at ${file}: build the web app first (npm run build).`);
  const cached = handlers.get(file);
  if (cached?.mtimeMs === info.mtimeMs) return cached.handle;
  const build = (await import(`${pathToFileURL(file).href}?v=${info.mtimeMs}`)) as ServerBuild;
  const handle = build.entry.module.createRequestHandler(build, "production");
  handlers.set(file, { mtimeMs: info.mtimeMs, handle });
  return handle;
}

export interface ReactPage {
  /** The page's path and query, as the visitor asked for it (links and forms resolve against it). */
  path: string;
  query?: Record<string, string>;
  /** The data its route renders from. */
  context: PageLoadContext;
  /** The answer's status; React Router's when unset. */
  status?: number;
  headers: Record<string, string>;
}

/** A page of the web app as HTML, with `page.headers`. */
export async function renderReactPage(
  config: { SITE_URL: string; WEB_SERVER_BUILD?: string },
  page: ReactPage,
): Promise<ApiResponse & { text: string }> {
  const handle = await requestHandler(config.WEB_SERVER_BUILD ?? LOCAL_SERVER_BUILD);
  const search = new URLSearchParams(page.query ?? {});
  const url = new URL(`${page.path}${search.size ? `?${search}` : ""}`, config.SITE_URL);
  const response = await handle(new Request(url), { ...page.context, siteUrl: config.SITE_URL });
  if (response.status >= 500) throw new Error(`The page ${page.path} could not be rendered (${response.status}).`);
  return {
    status: page.status ?? response.status,
    text: await response.text(),
    headers: { "content-type": "text/html; charset=utf-8", ...page.headers },
  };
}
