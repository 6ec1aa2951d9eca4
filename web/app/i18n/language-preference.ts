import {
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE,
  LANGUAGE_STORAGE_KEY,
  isLanguage,
  type Language,
} from "@codcrm/core/site/languages";

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
  // Mirrored in a cookie: the server moves a path without a prefix under this language before
  // any script runs (docs/decisions/0020-aliases-are-http-redirects.md).
  if (typeof document !== "undefined") {
    const secure = globalThis.location?.protocol === "https:" ? "; Secure" : "";
    document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; SameSite=Lax; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}${secure}`;
  }
}
