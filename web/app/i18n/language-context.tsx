import { createContext, use, useContext, useEffect, useMemo, type ReactNode } from "react";
import { preload } from "react-dom";
import {
  DEFAULT_LANGUAGE,
  isAdminPath,
  languageOfPath,
  withLanguage,
  type Language,
} from "@codcrm/core/site/languages";
import { loadLanguage, localeUrl } from "./locale-files.ts";
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
 * Gives the tree below it `useLanguage()` and `useTranslation()` in the path's language.
 * If that language's strings are not in the store yet (a client-side switch), it suspends
 * until they are: React Router navigations are transitions, so the previous page stays on
 * screen meanwhile.
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
  if (!store.has(language)) use(loadLanguage(store, language));
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
      t: store.translate(language),
    }),
    [store, language, admin],
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
