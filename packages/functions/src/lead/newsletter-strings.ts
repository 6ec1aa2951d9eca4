import type { Language } from "@codcrm/core/site/languages";
import { createTranslate, type Translate } from "@codcrm/core/site/translate";
// Named imports: the bundler keeps only this part of each locale file.
import { newsletterMail as en } from "../../../../locales/en.json";
import { newsletterMail as es } from "../../../../locales/es.json";
import { newsletterMail as pt } from "../../../../locales/pt.json";

const LOCALES = { es: { newsletterMail: es }, en: { newsletterMail: en }, pt: { newsletterMail: pt } } as const;

/** The newsletter mails' strings in a language, from the locale files the site reads. */
export function newsletterStrings(language: Language): Translate {
  return createTranslate(LOCALES[language], language);
}
