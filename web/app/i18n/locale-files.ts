import type { Language } from "@codcrm/core/site/languages";
import { addLanguage, hasLanguage, type LocaleStrings } from "./i18n.ts";
import type { i18n as I18n } from "i18next";

// Each locale file is emitted as its own hashed JSON asset: a page downloads its language only.
const urls = import.meta.glob<string>("../../../locales/*.json", { query: "?url", import: "default", eager: true });

/** URL of a language's strings (`/assets/es-<hash>.json`). */
export function localeUrl(language: Language): string {
  const url = urls[`../../../locales/${language}.json`];
  if (!url) throw new Error(`No locale file for ${language}`);
  return url;
}

const loading = new WeakMap<I18n, Map<Language, Promise<void>>>();

/** Fetches a language's strings into the store once; a failed fetch may be tried again. */
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
      .then((strings) => addLanguage(i18n, language, strings))
      .catch((error: unknown) => {
        pending.delete(language);
        throw error;
      });
    pending.set(language, promise);
  }
  return promise;
}
