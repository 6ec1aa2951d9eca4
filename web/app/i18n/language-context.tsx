import { createContext, use, useContext, useEffect, useMemo, type ReactNode } from "react";
import { preload } from "react-dom";
import { I18nextProvider } from "react-i18next";
import type { i18n as I18n } from "i18next";
import { DEFAULT_LANGUAGE, isAdminPath, languageOfPath, withLanguage, type Language } from "@codcrm/core/site/languages";
import { hasLanguage, languageView } from "./i18n.ts";
import { loadLanguage, localeUrl } from "./locale-files.ts";
import { storeLanguage } from "./language-preference.ts";

const StoreContext = createContext<I18n | null>(null);

/** Provides the translation store; the entry files put it above the router. */
export function TranslationStoreProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <StoreContext value={i18n}>{children}</StoreContext>;
}

export interface LanguageState {
  /** The page's language. */
  language: Language;
  /** On /admin paths: no prefix, no syncing, Spanish UI. */
  admin: boolean;
  /** A site path in the current language: `localize("/blog")` -> "/en/blog". */
  localize(page: string): string;
  /** The current page in another language (same path, other prefix). */
  pathIn(language: Language, pathname: string): string;
}

const LanguageContext = createContext<LanguageState | null>(null);

/** SPEC: using the language facility outside its provider is an error. */
export function useLanguage(): LanguageState {
  const state = useContext(LanguageContext);
  if (!state) throw new Error("useLanguage() must be used inside <LanguageProvider>.");
  return state;
}

/**
 * The language a path renders in: its prefix; Spanish on admin paths (the admin UI is
 * Spanish) and on paths without a prefix (they only redirect, on the client).
 */
export function languageForPath(pathname: string): Language {
  return languageOfPath(pathname) ?? DEFAULT_LANGUAGE;
}

export function localizePath(language: Language, page: string): string {
  if (!page || page === "/") return `/${language}`;
  return `/${language}${page.startsWith("/") ? page : `/${page}`}`;
}

/**
 * Gives the tree below it `useLanguage()` and react-i18next's `useTranslation()` in the
 * path's language. If that language's strings are not in the store yet (a client-side
 * switch), it suspends until they are: React Router navigations are transitions, so the
 * previous page stays on screen meanwhile.
 */
export function LanguageProvider({ pathname, children }: { pathname: string; children: ReactNode }) {
  const store = useContext(StoreContext);
  if (!store) throw new Error("<LanguageProvider> needs a <TranslationStoreProvider> above it.");
  const language = languageForPath(pathname);
  const admin = isAdminPath(pathname);
  // In the prerendered HTML this is a <link rel=preload> in <head>: the browser fetches the
  // strings before the scripts ask for them, and hydration does not wait for a second round
  // trip. Low priority: the first paint needs the HTML and the stylesheet, not these.
  preload(localeUrl(language), { as: "fetch", crossOrigin: "anonymous", fetchPriority: "low" });
  if (!hasLanguage(store, language)) use(loadLanguage(store, language));
  const prefixed = languageOfPath(pathname) !== undefined;

  // The prefix wins over the stored choice, and becomes it (never on admin paths).
  useEffect(() => {
    if (prefixed && !admin) storeLanguage(language);
  }, [prefixed, admin, language]);

  const state = useMemo<LanguageState>(
    () => ({
      language,
      admin,
      localize: (page) => localizePath(language, page),
      pathIn: (other, path) => withLanguage(path, other),
    }),
    [language, admin],
  );
  return (
    <LanguageContext value={state}>
      <I18nextProvider i18n={languageView(store, language)}>{children}</I18nextProvider>
    </LanguageContext>
  );
}
