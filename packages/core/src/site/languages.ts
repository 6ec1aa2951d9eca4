/**
 * The site's languages. The first path segment of every public URL is one of these; the
 * prerender list, the sitemap, the local server and the web app all read this list.
 */
export const LANGUAGES = ["es", "en", "pt"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "es";

/** Where the visitor's choice is kept in the browser (docs/decisions/0002-languages-and-url-prefixes.md). */
export const LANGUAGE_STORAGE_KEY = "language";

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
