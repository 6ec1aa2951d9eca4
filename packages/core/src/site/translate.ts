import { createInstance, type i18n as I18n, type InitOptions } from "i18next";
import type { Language } from "./languages.ts";

/**
 * Strings by dotted key over `locales/*.json`, through i18next: the web app (with react-i18next)
 * and the server's mails and pages use one configuration
 * (docs/decisions/0202-i18next-and-plural-rules.md).
 */

/** One locale file (`locales/{lang}.json`): top-level keys are namespaces (`landing`, `nav`, ...). */
export type LocaleStrings = Record<string, unknown>;

/** Values for the `{{name}}` placeholders of a string, and `count` for its plural form (`key_one`, `key_other`). */
export type Variables = Record<string, string | number>;

/** Looks a string up by its dotted key (`t("nav.blog")`) and fills in its `{{name}}` placeholders. */
export type Translate = (key: string, variables?: Variables) => string;

/**
 * How every i18next instance of the site reads its strings:
 * - a missing key shows the key itself and the console says so; no other language stands in;
 * - a placeholder without its value stays visible (a blank would hide the mistake), with a warning;
 * - a number meets its noun through `Intl.PluralRules` (`views_one`, `views_other`), with `count`;
 * - values are not escaped here: React escapes what it renders, and mail templates escape theirs.
 */
export const I18NEXT_OPTIONS: InitOptions = {
  fallbackLng: false,
  ns: ["translation"],
  defaultNS: "translation",
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  saveMissing: true,
  missingKeyHandler: (_languages, _namespace, key) => console.warn(`Missing translation: ${key}`),
  missingInterpolationHandler: (text, value: RegExpExecArray) => {
    console.warn(`Missing value for ${value[0]} in "${text}"`);
    return value[0];
  },
  initAsync: false,
} as InitOptions;

/** An i18next instance holding `resources`, its language `language`, ready at once (no back end). */
export function createI18n(
  resources: Partial<Record<Language, LocaleStrings>>,
  language?: Language,
  options: InitOptions = {},
): I18n {
  const instance = createInstance();
  void instance.init({
    ...I18NEXT_OPTIONS,
    ...options,
    lng: language,
    resources: Object.fromEntries(
      Object.entries(resources).map(([code, strings]) => [code, { translation: strings as Record<string, unknown> }]),
    ),
  });
  return instance;
}

/** The `t` of one language's strings (the server's mails and pages). No fallback to another language: a gap shows its key. */
export function createTranslate(strings: LocaleStrings | undefined, language: Language): Translate {
  const t = createI18n(strings ? { [language]: strings } : {}, language).getFixedT(language);
  return (key, variables) => t(key, variables);
}
