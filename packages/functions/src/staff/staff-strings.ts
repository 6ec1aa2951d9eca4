import type { Language } from "@codcrm/core/site/languages";
import { createTranslate, type Translate } from "@codcrm/core/site/translate";
// Named imports: the bundler keeps only this part of each locale file.
import { staffMail as en } from "../../../../locales/en.json";
import { staffMail as es } from "../../../../locales/es.json";
import { staffMail as pt } from "../../../../locales/pt.json";

const LOCALES = { es: { staffMail: es }, en: { staffMail: en }, pt: { staffMail: pt } } as const;

/** The staff mails' strings (a sign-in code, an invitation) in a language, from the site's locale files. */
export function staffStrings(language: Language): Translate {
  return createTranslate(LOCALES[language], language);
}
