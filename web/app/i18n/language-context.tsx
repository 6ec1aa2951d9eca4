import { createContext, useContext, useEffect, useMemo, useReducer, type ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import {
  DEFAULT_LANGUAGE,
  isAdminPath,
  languageOfPath,
  withLanguage,
  type Language,
} from "@codcrm/core/site/languages";
import { hasLanguage, languageInstance, useBaseI18n } from "./i18n.ts";
import { loadLanguage } from "./locale-files.ts";
import { storedLanguage, storeLanguage } from "./language-preference.ts";

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

/** The page's language and its paths; using it outside its provider is an error. */
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
 * Gives the tree below it `useLanguage()`, and react-i18next's `useTranslation()` in the path's
 * language (an i18next instance of that language sharing the document's strings, i18n.ts). The
 * strings are in before a page in that language renders: the entry loads the first page's, and
 * the language route's loader those of the page a navigation goes to (site-layout.tsx), so the
 * previous page stays on screen meanwhile. Should a language still be missing, its keys show
 * until its strings arrive.
 */
export function LanguageProvider({ pathname, children }: { pathname: string; children: ReactNode }) {
  const base = useBaseI18n();
  const language = languageForPath(pathname);
  const admin = isAdminPath(pathname);
  const loaded = hasLanguage(base, language);
  const [, stringsArrived] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (!loaded) void loadLanguage(base, language).then(stringsArrived, (error: unknown) => console.error(error));
  }, [loaded, base, language]);
  const prefixed = languageOfPath(pathname) !== undefined;

  // A language is remembered once the visitor chose one in the selector, never for visiting a
  // page (docs/decisions/0404-language-kept-only-when-chosen.md); once one is, the prefix wins
  // over it and becomes it (never on admin paths).
  useEffect(() => {
    if (!prefixed || admin) return;
    const stored = storedLanguage();
    if (stored !== undefined && stored !== language) storeLanguage(language);
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
    <I18nextProvider i18n={languageInstance(base, language)}>
      <LanguageContext value={state}>{children}</LanguageContext>
    </I18nextProvider>
  );
}
