import { LANGUAGE_STORAGE_KEY, isLanguage, type Language } from "@codcrm/core/site/languages";

/** The language the visitor chose before, if any (docs/decisions/0002-languages-and-url-prefixes.md). */
export function storedLanguage(): Language | undefined {
  try {
    const value = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : undefined;
  } catch {
    // Storage can be blocked (privacy settings): the default language applies.
    return undefined;
  }
}

export function storeLanguage(language: Language): void {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembered across visits; the URL still carries the language.
  }
}
