import { createContext, createElement, useContext, type ReactNode } from "react";
import type { i18n as I18n } from "i18next";
import type { Language } from "@codcrm/core/site/languages";
import { createI18n, type LocaleStrings } from "@codcrm/core/site/translate";

/**
 * The app's strings: one i18next instance per document (`I18nProvider`), holding the languages
 * loaded so far, and one instance per language cloned from it, sharing its strings, which is what
 * react-i18next's `useTranslation` reads under that language's pages (language-context.tsx). The
 * language of a page is its path's, never a setting the app changes: two languages rendered at
 * once (the build's prerender) never see each other's (docs/decisions/0202-i18next-and-plural-rules.md).
 */
export function createAppI18n(resources: Partial<Record<Language, LocaleStrings>> = {}): I18n {
  // A component re-renders when strings it waited for are added (a language fetched later).
  return createI18n(resources, undefined, { react: { bindI18nStore: "added", useSuspense: false } });
}

/** The browser's instance: the entry fills it with the first page's language before hydrating (entry.client.tsx). */
export const browserI18n = createAppI18n();

const clones = new WeakMap<I18n, Map<Language, I18n>>();

/** `base` in `language`: its strings, its language fixed. */
export function languageInstance(base: I18n, language: Language): I18n {
  let byLanguage = clones.get(base);
  if (!byLanguage) clones.set(base, (byLanguage = new Map()));
  let instance = byLanguage.get(language);
  if (!instance) {
    instance = base.cloneInstance({ lng: language, initAsync: false });
    byLanguage.set(language, instance);
  }
  return instance;
}

export function hasLanguage(base: I18n, language: Language): boolean {
  return base.hasResourceBundle(language, "translation");
}

const I18nContext = createContext<I18n | null>(null);

/** The document's instance; the entries put it above the router. */
export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return createElement(I18nContext, { value: i18n }, children);
}

export function useBaseI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error("The app's strings need an <I18nProvider> above them.");
  return i18n;
}
