import "./preact-options.ts";
import type { EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { renderToStringAsync } from "preact-render-to-string";
import en from "../../locales/en.json";
import es from "../../locales/es.json";
import pt from "../../locales/pt.json";
import { languageForPath, TranslationStoreProvider } from "./i18n/language-context.tsx";
import { localeUrl } from "./i18n/locale-files.ts";
import { HeadCollector, HeadCollectorProvider, headMarkup } from "./seo/document-head.tsx";
import { IdScopeProvider } from "./lib/id-scope.ts";
import { TranslationStore } from "./i18n/translation-store.ts";

// Runs only at build time (prerender) and in the dev server: it may hold every language.
const translations = new TranslationStore({ es, en, pt });

/**
 * Renders a whole page at build time, then writes the head tags its components declared into
 * its <head> (seo/document-head.tsx), with a preload of the page's strings, which the app
 * fetches before it starts (entry.client.tsx).
 */
export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
) {
  if (request.method.toUpperCase() === "HEAD") return new Response(null, { status, headers });
  const head = new HeadCollector();
  const body = await renderToStringAsync(
    <TranslationStoreProvider store={translations}>
      <HeadCollectorProvider collector={head}>
        <IdScopeProvider prefix="i">
          <ServerRouter context={routerContext} url={request.url} />
        </IdScopeProvider>
      </HeadCollectorProvider>
    </TranslationStoreProvider>,
  );
  // Low priority: the first paint needs the HTML and the stylesheet, not these. The app shell
  // serves every language, so it names none. In the build, the start script takes it over and
  // asks for it when the app starts (build-steps/finish-build.ts, decision 0185).
  const preload = routerContext.isSpaMode
    ? ""
    : `<link rel="preload" href="${localeUrl(languageForPath(new URL(request.url).pathname))}" as="fetch" crossorigin="anonymous" fetchpriority="low"/>`;
  const html = inBody(body).replace(
    /<link rel="stylesheet"|<\/head>/,
    (at) => `${preload}${headMarkup(head.tags)}${at}`,
  );
  headers.set("Content-Type", "text/html; charset=utf-8");
  return new Response(`<!DOCTYPE html>${html}`, { headers, status });
}

/**
 * The router's data scripts wait on a promise, and the async renderer writes what waited
 * after the document's end: they belong at the end of <body>, where the browser would put them
 * anyway. Their suspense markers mean nothing there (the scripts are never hydrated).
 */
function inBody(html: string): string {
  const end = html.lastIndexOf("</html>") + "</html>".length;
  const trailing = html.slice(end).replace(/<!--\/?\$s-->/g, "");
  return html.slice(0, end).replace(/<\/body><\/html>$/, `${trailing}</body></html>`);
}
