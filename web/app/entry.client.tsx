import "./preact-options.ts";
import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { isAdminPath, languageOfPath } from "@codcrm/core/site/languages";
import { TranslationStoreProvider, languageForPath } from "./i18n/language-context.tsx";
import { storedLanguage } from "./i18n/language-preference.ts";
import { browserTranslations as translations } from "./i18n/browser-translations.ts";
import { loadLanguage } from "./i18n/locale-files.ts";
import { preloadRouteModules } from "./lib/route-preloads.ts";
import { IdScopeProvider } from "./lib/id-scope.ts";

const { pathname } = window.location;
// The page's strings must be there before hydrating, or the first render would not match
// the HTML. A path without a prefix is about to move under the stored language: fetch it too.
const languages = new Set([languageForPath(pathname)]);
const stored = storedLanguage();
if (stored && !languageOfPath(pathname) && !isAdminPath(pathname)) languages.add(stored);

// The app shell names no route module of its own: ask for them while the strings load.
preloadRouteModules();

/**
 * The router decodes the page's data (a stream the page's inline scripts fill) when it first
 * renders, and until then it suspends. Preact keeps the server's DOM for a suspended
 * component only within that component's own range, never for the whole document, so the
 * decoding is started here and awaited before hydrating: the router's first render, which
 * creates it, throws the decoding's promise before it reads any hook.
 */
async function routerData(): Promise<void> {
  try {
    HydratedRouter({});
  } catch (thrown) {
    if (thrown instanceof Promise) return void (await thrown);
    throw thrown;
  }
}

Promise.all([routerData(), ...[...languages].map((language) => loadLanguage(translations, language))])
  .catch((error: unknown) => console.error(error))
  .finally(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <TranslationStoreProvider store={translations}>
          <IdScopeProvider prefix="i">
            <HydratedRouter />
          </IdScopeProvider>
        </TranslationStoreProvider>
      </StrictMode>,
    );
    // The start script clicks again a button a visitor clicked before the app had it
    // (build-steps/start-app.js, docs/decisions/0177-app-starts-on-first-interaction.md).
    document.dispatchEvent(new Event("app-started"));
  });
