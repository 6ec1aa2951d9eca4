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
 * The router's first render, called outside a render, once for each of its first two steps.
 * The router decodes the page's data (a stream the page's inline scripts fill) when it first
 * renders, and until then it suspends. Preact keeps the server's DOM for a suspended
 * component only within that component's own range, never for the whole document, so the
 * decoding is started by a first call and awaited before hydrating: the call throws the
 * decoding's promise before it reads any hook, and that promise is returned. Once the data is
 * in, a second call creates the router (React Router keeps it for the render that follows) and
 * then throws at its first hook, outside a render: expected, and ignored, as is any other error
 * here, which the render meets again and reports.
 */
function routerStep(): Promise<void> | undefined {
  try {
    HydratedRouter({});
  } catch (thrown) {
    if (thrown instanceof Promise) return thrown as Promise<void>;
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
  await Promise.all([routerStep(), ...[...languages].map((language) => loadLanguage(translations, language))]).catch(
    (error: unknown) => console.error(error),
  );
  await nextTask();
  routerStep();
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
