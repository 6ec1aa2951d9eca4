import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { isAdminPath, languageOfPath } from "@codcrm/core/site/languages";
import { languageForPath } from "./i18n/language-context.tsx";
import { storedLanguage } from "./i18n/language-preference.ts";
import { browserI18n, I18nProvider } from "./i18n/i18n.ts";
import { loadLanguage } from "./i18n/locale-files.ts";
import { preloadRouteModules } from "./lib/route-preloads.ts";
import { hydrateAtRenderedAddress } from "./lib/rendered-address.ts";

const { pathname } = window.location;
// The page's strings must be there before hydrating, or the first render would not match
// the HTML. A path without a prefix is about to move under the stored language: fetch it too.
const languages = new Set([languageForPath(pathname)]);
const stored = storedLanguage();
if (stored && !languageOfPath(pathname) && !isAdminPath(pathname)) languages.add(stored);

// The app shell names no route module of its own: ask for them while the strings load.
preloadRouteModules();

/**
 * Hydrates the document once the page's strings are in. React hydrates the frame first and each
 * Suspense boundary of the page after it, in tasks it yields between, at a lower priority; a
 * press, a click or a key in a part not hydrated yet hydrates that part first and is then
 * replayed to it (docs/decisions/0203-hydration-in-parts-by-react.md). What the visitor typed
 * or focused before stays: hydration adopts the elements as they are.
 */
async function start(): Promise<void> {
  await Promise.all([...languages].map((language) => loadLanguage(browserI18n, language))).catch((error: unknown) =>
    console.error(error),
  );
  hydrateAtRenderedAddress();
  // From here a click is React's to handle; the start script stops keeping clicks for it (web/start/start-app.js).
  (window as { __appHydrating?: boolean }).__appHydrating = true;
  hydrateRoot(
    document,
    <StrictMode>
      <I18nProvider i18n={browserI18n}>
        <HydratedRouter />
      </I18nProvider>
    </StrictMode>,
  );
}

void start();
