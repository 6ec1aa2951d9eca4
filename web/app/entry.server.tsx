import { PassThrough } from "node:stream";
import type { EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import en from "../../locales/en.json";
import es from "../../locales/es.json";
import pt from "../../locales/pt.json";
import { TranslationStoreProvider } from "./i18n/language-context.tsx";
import { TranslationStore } from "./i18n/translation-store.ts";

// Runs only at build time (prerender) and in the dev server: it may hold every language.
const translations = new TranslationStore({ es, en, pt });

/** Renders a whole page before answering: the HTML is written to disk, never streamed. */
export default function handleRequest(request: Request, status: number, headers: Headers, routerContext: EntryContext) {
  if (request.method.toUpperCase() === "HEAD") return new Response(null, { status, headers });
  return new Promise<Response>((resolve, reject) => {
    let failed: unknown;
    const { pipe } = renderToPipeableStream(
      <TranslationStoreProvider store={translations}>
        <ServerRouter context={routerContext} url={request.url} />
      </TranslationStoreProvider>,
      {
        onAllReady() {
          const body = new PassThrough();
          headers.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers, status: failed ? 500 : status }));
        },
        onShellError: reject,
        onError(error) {
          failed = error;
          console.error(error);
        },
      },
    );
  });
}
