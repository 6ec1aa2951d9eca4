import "./preact-options.ts";
import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { isAdminPath, languageOfPath } from "@codcrm/core/site/languages";
import { TranslationStoreProvider, languageForPath } from "./i18n/language-context.tsx";
import { storedLanguage } from "./i18n/language-preference.ts";
import { browserTranslations as translations } from "./i18n/browser-translations.ts";
import { loadLanguage } from "./i18n/locale-files.ts";
import { nextTask } from "./lib/next-task.ts";
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

/**
 * The router itself, once its data is decoded: the same call creates it (React Router keeps it
 * for the render that follows), then throws at its first hook, outside a render; that throw is
 * expected. An error of the decoding is thrown again by the render, where the router reports it.
 */
function createRouter(): void {
  try {
    HydratedRouter({});
  } catch {
    // See above.
  }
}

/**
 * The start in three tasks, none of them long on a phone: the router's data decoded (and the
 * strings in), the router created from it (its routes ranked and matched), then the frame
 * hydrated. All three were one microtask checkpoint: 30-52 ms on a busy host, several times that
 * on a low-tier phone. Between them the browser paints and answers input; a click meanwhile is
 * still replayed once the app has it (the start script listens until `app-started`), and typing
 * stays where it is: hydration adopts the elements as they are
 * (docs/decisions/0190-app-start-in-tasks.md).
 */
async function start(): Promise<void> {
  await Promise.all([routerData(), ...[...languages].map((language) => loadLanguage(translations, language))]).catch(
    (error: unknown) => console.error(error),
  );
  await nextTask();
  createRouter();
  await nextTask();
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
  // The router exists a task before the document is hydrated: what tells that the app has the
  // page is this mark (the browser tests wait for it), and the event the start script listens
  // for, which clicks again a button a visitor clicked before the app had it
  // (build-steps/start-app.js, docs/decisions/0177-app-starts-on-first-interaction.md).
  (window as { __appHydrated?: boolean }).__appHydrated = true;
  document.dispatchEvent(new Event("app-started"));
}

void start();
