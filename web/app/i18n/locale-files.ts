/// <reference types="vite/client" />
import type { Language } from "@codcrm/core/site/languages";
import type { i18n as I18n } from "i18next";
import type { LocaleStrings } from "@codcrm/core/site/translate";
import { hasLanguage } from "./i18n.ts";

// Each locale file is emitted as its own hashed JSON asset: a page downloads its language only.
// Read on first use, not when the module loads: the page Lambda renders the blog's components
// outside Vite (no `import.meta.glob` there) and never asks for a URL.
const urls = () =>
  import.meta.glob<string>("../../../locales/*.json", { query: "?url", import: "default", eager: true });

/** URL of a language's strings (`/assets/es-<hash>.json`). */
export function localeUrl(language: Language): string {
  const url = urls()[`../../../locales/${language}.json`];
  if (!url) throw new Error(`No locale file for ${language}`);
  return url;
}

const loading = new WeakMap<I18n, Map<Language, Promise<void>>>();

/** Fetches a language's strings into the instance once; a failed fetch may be tried again. */
export function loadLanguage(i18n: I18n, language: Language): Promise<void> {
  if (hasLanguage(i18n, language)) return Promise.resolve();
  let pending = loading.get(i18n);
  if (!pending) loading.set(i18n, (pending = new Map()));
  let promise = pending.get(language);
  if (!promise) {
    promise = fetch(localeUrl(language))
      .then((response) => {
        if (!response.ok) throw new Error(`Could not load the ${language} strings (HTTP ${response.status})`);
        return response.json() as Promise<LocaleStrings>;
      })
      .then((strings) => {
        i18n.addResourceBundle(language, "translation", strings);
      })
      .catch((error: unknown) => {
        pending.delete(language);
        throw error;
      });
    pending.set(language, promise);
  }
  return promise;
}
