import type { Language } from "@codcrm/core/site/languages";
import { createTranslate, type LocaleStrings, type Translate } from "@codcrm/core/site/translate";

/**
 * The strings of the languages loaded so far. The build holds all three; a browser only the
 * page's language, fetched by `loadLanguage` (`locale-files.ts`) before it is shown.
 */
export class TranslationStore {
  readonly #translators = new Map<Language, Translate>();

  constructor(initial: Partial<Record<Language, LocaleStrings>> = {}) {
    for (const [language, strings] of Object.entries(initial)) this.add(language as Language, strings);
  }

  has(language: Language): boolean {
    return this.#translators.has(language);
  }

  add(language: Language, strings: LocaleStrings): void {
    this.#translators.set(language, createTranslate(strings));
  }

  /** The `t` of a language; a language not loaded yet shows every key as missing. */
  translate(language: Language): Translate {
    return this.#translators.get(language) ?? createTranslate(undefined);
  }
}
