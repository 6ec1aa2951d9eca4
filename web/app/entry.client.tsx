import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { isAdminPath, languageOfPath } from "@codcrm/core/site/languages";
import { createI18n } from "./i18n/i18n.ts";
import { TranslationStoreProvider, languageForPath } from "./i18n/language-context.tsx";
import { storedLanguage } from "./i18n/language-preference.ts";
import { loadLanguage } from "./i18n/locale-files.ts";

const i18n = createI18n();
const { pathname } = window.location;
// The page's strings must be there before hydrating, or the first render would not match
// the HTML. A path without a prefix is about to move under the stored language: fetch it too.
const languages = new Set([languageForPath(pathname)]);
const stored = storedLanguage();
if (stored && !languageOfPath(pathname) && !isAdminPath(pathname)) languages.add(stored);

Promise.all([...languages].map((language) => loadLanguage(i18n, language)))
  .catch((error: unknown) => console.error(error))
  .finally(() => {
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <TranslationStoreProvider i18n={i18n}>
            <HydratedRouter />
          </TranslationStoreProvider>
        </StrictMode>,
      );
    });
  });
