import { createContext, useContext, useEffect, useMemo, useReducer, type ReactNode } from "react";
import {
  DEFAULT_LANGUAGE,
  isAdminPath,
  languageOfPath,
  withLanguage,
  type Language,
} from "@codcrm/core/site/languages";
import { loadLanguage } from "./locale-files.ts";
import { storeLanguage } from "./language-preference.ts";
import type { Translate } from "@codcrm/core/site/translate";
import type { TranslationStore } from "./translation-store.ts";

const StoreContext = createContext<TranslationStore | null>(null);

/** Provides the translation store; the entry files put it above the router. */
export function TranslationStoreProvider({ store, children }: { store: TranslationStore; children: ReactNode }) {
  return <StoreContext value={store}>{children}</StoreContext>;
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
  /** The page language's strings: `t("nav.blog")`, `t.list("landing.testimonials.items")`. */
  t: Translate;
}

const LanguageContext = createContext<LanguageState | null>(null);

/** docs/decisions/0007-own-translator.md: using the language facility outside its provider is an error. */
export function useLanguage(): LanguageState {
  const state = useContext(LanguageContext);
  if (!state) throw new Error("useLanguage() must be used inside <LanguageProvider>.");
  return state;
}

/** The page language's strings (`const { t } = useTranslation()`); throws outside the provider too. */
export function useTranslation(): { t: Translate } {
  return { t: useLanguage().t };
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
 * Gives the tree below it `useLanguage()` and `useTranslation()` in the path's language. The
 * strings are in the store before a page in that language renders: the entry loads the first
 * page's, and the language route's loader those of the page a navigation goes to
 * (site-layout.tsx), so the previous page stays on screen meanwhile. Should a language still be
 * missing, its keys show until its strings arrive.
 */
export function LanguageProvider({ pathname, children }: { pathname: string; children: ReactNode }) {
  const store = useContext(StoreContext);
  if (!store) throw new Error("<LanguageProvider> needs a <TranslationStoreProvider> above it.");
  const language = languageForPath(pathname);
  const admin = isAdminPath(pathname);
  const loaded = store.has(language);
  const [, stringsArrived] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (!loaded) void loadLanguage(store, language).then(stringsArrived, (error: unknown) => console.error(error));
  }, [loaded, store, language]);
  const prefixed = languageOfPath(pathname) !== undefined;

  // The prefix wins over the stored choice, and becomes it (never on admin paths).
  useEffect(() => {
    if (prefixed && !admin) storeLanguage(language);
  }, [prefixed, admin, language]);

  // A new translator when the strings arrive.
  const t = store.translate(language);
  const state = useMemo<LanguageState>(
    () => ({
      language,
      admin,
      localize: (page) => localizePath(language, page),
      pathIn: (other, path) => withLanguage(path, other),
      t,
    }),
    [language, admin, t],
  );
  return <LanguageContext value={state}>{children}</LanguageContext>;
}

/**
 * One language's strings without the app's store, router-independent: for rendering the blog's
 * components outside the browser (the page Lambda, packages/functions/src/pages/blog-react.tsx),
 * where nothing is fetched, preloaded or stored.
 */
export function FixedLanguageProvider({
  language,
  t,
  children,
}: {
  language: Language;
  t: Translate;
  children: ReactNode;
}) {
  const state: LanguageState = {
    language,
    admin: false,
    localize: (page) => localizePath(language, page),
    pathIn: (other, path) => withLanguage(path, other),
    t,
  };
  return <LanguageContext value={state}>{children}</LanguageContext>;
}
