import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { isAdminPath, languageOfPath } from "@codcrm/core/site/languages";
import { TranslationStoreProvider, languageForPath } from "./i18n/language-context.tsx";
import { storedLanguage } from "./i18n/language-preference.ts";
import { loadLanguage } from "./i18n/locale-files.ts";
import { TranslationStore } from "./i18n/translation-store.ts";
import { preloadRouteModules } from "./lib/route-preloads.ts";

const translations = new TranslationStore();
const { pathname } = window.location;
// The page's strings must be there before hydrating, or the first render would not match
// the HTML. A path without a prefix is about to move under the stored language: fetch it too.
const languages = new Set([languageForPath(pathname)]);
const stored = storedLanguage();
if (stored && !languageOfPath(pathname) && !isAdminPath(pathname)) languages.add(stored);

// The app shell names no route module of its own: ask for them while the strings load.
preloadRouteModules();

Promise.all([...languages].map((language) => loadLanguage(translations, language)))
  .catch((error: unknown) => console.error(error))
  .finally(() => {
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <TranslationStoreProvider store={translations}>
            <HydratedRouter />
          </TranslationStoreProvider>
        </StrictMode>,
      );
    });
  });
