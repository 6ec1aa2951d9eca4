/**
 * The site's languages. The first path segment of every public URL is one of these; the
 * prerender list, the sitemap, the local server and the web app all read this list.
 */
export const LANGUAGES = ["es", "en", "pt"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "es";

/** Where the visitor's choice is kept in the browser (docs/decisions/0002-languages-and-url-prefixes.md). */
export const LANGUAGE_STORAGE_KEY = "language";

/**
 * The same choice mirrored in a cookie, for the servers that move a path without a prefix
 * under it (they cannot read localStorage): docs/decisions/0020-aliases-are-http-redirects.md.
 */
export const LANGUAGE_COOKIE = "language";
export const LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** The stored language of a request's `Cookie` header, if it names one. */
export function languageFromCookieHeader(header: string | undefined): Language | undefined {
  for (const part of (header ?? "").split(";")) {
    const [name, value] = part.split("=").map((piece) => piece.trim());
    if (name === LANGUAGE_COOKIE && isLanguage(value)) return value;
  }
  return undefined;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** The language prefix of a path (`/en/blog` -> "en"), or undefined when it has none. */
export function languageOfPath(pathname: string): Language | undefined {
  const first = pathname.split("/")[1];
  return isLanguage(first) ? first : undefined;
}

/** The path without its language prefix (`/en/blog` -> "/blog", `/en` -> ""). */
export function stripLanguage(pathname: string): string {
  return languageOfPath(pathname) ? pathname.replace(/^\/[^/]+/, "") : pathname;
}

/** The same page in another language (`/es/blog`, "pt" -> `/pt/blog`). */
export function withLanguage(pathname: string, language: Language): string {
  const rest = stripLanguage(pathname);
  return `/${language}${rest === "/" ? "" : rest}`;
}

/** Admin paths carry no prefix and never change the language. */
export function isAdminPath(pathname: string): boolean {
  return pathname === "/admin" || pathname.startsWith("/admin/");
}
