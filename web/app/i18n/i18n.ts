import i18next, { type i18n as I18n } from "i18next";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "@codcrm/core/site/languages";

/** One locale file (`locales/{lang}.json`): top-level keys are namespaces (`landing`, `nav`, ...). */
export type LocaleStrings = Record<string, unknown>;

/** SPEC: a missing key shows the key itself, and the console says so. */
export function missingKey(key: string): string {
  console.warn(`Missing translation: ${key}`);
  return key;
}

/**
 * The translation store. It starts with the languages it is given (the build gives all
 * three; the browser only the page's one, fetched by `loadLanguage`). Components never use
 * it directly: `LanguageProvider` hands them a per-language view of it.
 */
export function createI18n(resources: Partial<Record<Language, LocaleStrings>> = {}): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    // No silent Spanish in an English page: a missing string shows its key.
    fallbackLng: false,
    initAsync: false,
    resources: Object.fromEntries(Object.entries(resources).map(([language, strings]) => [language, { translation: strings }])),
    interpolation: { escapeValue: false },
    returnNull: false,
    parseMissingKeyHandler: missingKey,
    react: { useSuspense: false },
  });
  return instance;
}

export function hasLanguage(i18n: I18n, language: Language): boolean {
  return i18n.hasResourceBundle(language, "translation");
}

export function addLanguage(i18n: I18n, language: Language, strings: LocaleStrings): void {
  i18n.addResourceBundle(language, "translation", strings, true, true);
}

const views = new WeakMap<I18n, Map<Language, I18n>>();

/** The store seen in one language (shares the strings; has its own current language). */
export function languageView(i18n: I18n, language: Language): I18n {
  let byLanguage = views.get(i18n);
  if (!byLanguage) views.set(i18n, (byLanguage = new Map()));
  let view = byLanguage.get(language);
  if (!view) {
    view = i18n.cloneInstance({ lng: language, initAsync: false });
    byLanguage.set(language, view);
  }
  return view;
}
