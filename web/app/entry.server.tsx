import { PassThrough } from "node:stream";
import { text } from "node:stream/consumers";
import type { EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { renderToPipeableStream } from "react-dom/server";
import { deferAppStart } from "../start/defer-app-start.ts";
import en from "../../locales/en.json";
import es from "../../locales/es.json";
import pt from "../../locales/pt.json";
import { createAppI18n, I18nProvider } from "./i18n/i18n.ts";

/** The start script every page carries (web/start/README.md), minified by the build (vite.config.ts). */
declare const __START_SCRIPT__: string;

// The build's prerender and the page functions hold every language; each page renders under its
// own language's instance (i18n/i18n.ts).
const i18n = createAppI18n({ es, en, pt });

/** How long a render may take before it is abandoned (a page function answers within its timeout). */
const RENDER_TIMEOUT_MS = 10_000;

/**
 * Renders a whole page with react-dom/server: at build time (every prerendered page) and in the
 * page functions (blog pages, packages/functions/src/pages/react-page.ts). The whole page is
 * written at once, never streamed: crawlers, link previews and CloudFront read it whole, and the
 * app hydrates it as it is (docs/decisions/0201-react-19-as-commissioned.md). Its app starts on
 * the visitor's first interaction: the page is handed to the start script (web/start/).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
): Promise<Response> {
  if (request.method.toUpperCase() === "HEAD")
    return Promise.resolve(new Response(null, { status: responseStatusCode, headers: responseHeaders }));
  return new Promise((resolve, reject) => {
    let status = responseStatusCode;
    const { pipe, abort } = renderToPipeableStream(
      <I18nProvider i18n={i18n}>
        <ServerRouter context={routerContext} url={request.url} />
      </I18nProvider>,
      {
        // Every boundary in place, in document order: React would otherwise move a large one
        // (over 12.8 KB written before it) to the document's end, hidden until an inline script
        // of its own reveals it after the first paint, which the Content-Security-Policy refuses
        // and a reader without JavaScript never gets.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          const body = new PassThrough();
          pipe(body);
          text(body).then((html) => {
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            // The address as the router read it (the build's prerender asks for `/es/servicios/`).
            const { pathname, search } = routerContext.staticHandlerContext.location;
            const page = deferAppStart(html, __START_SCRIPT__, pathname + search);
            resolve(new Response(page, { headers: responseHeaders, status }));
          }, reject);
        },
        onShellError: reject,
        onError(error: unknown) {
          status = 500;
          console.error(error);
        },
      },
    );
    setTimeout(abort, RENDER_TIMEOUT_MS);
  });
}

/**
 * The page functions render with the server build's own React Router: they take its request
 * handler from here, not from a copy of their own (packages/functions/src/pages/react-page.ts).
 */
export { createRequestHandler } from "react-router";
