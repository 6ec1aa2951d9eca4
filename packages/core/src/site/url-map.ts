import { DEFAULT_LANGUAGE, isAdminPath, languageOfPath, stripLanguage, type Language } from "./languages.ts";
import { isPublicPage } from "./public-pages.ts";

/**
 * The wider URL map (docs/decisions/0002-languages-and-url-prefixes.md): old or alternative
 * paths that lead to a real page.
 * Keys and values are paths without the language prefix.
 */
export const PAGE_ALIASES: Readonly<Record<string, string>> = {
  "/legal/privacidad": "/privacidad",
  "/legal/terminos": "/terminos",
  "/legal/cookies": "/cookies",
  "/legal/rgpd": "/privacidad",
  "/empresa/sobre-nosotros": "/sobre-nosotros",
  "/soporte/contacto": "/contacto",
};

/** Paths owned by the CRM application: visitors are sent to its sign-in page. */
export function isCrmAppPath(page: string): boolean {
  return /^\/(auth|dashboard)(\/|$)/.test(page);
}

export type PathResolution =
  /** Nothing to do: a page of this site renders it (a public page, an article, admin). */
  | { kind: "page" }
  /** Go to `to` on this site, replacing the history entry. */
  | { kind: "redirect"; to: string }
  /** Leave for the CRM application's sign-in page. */
  | { kind: "crm-sign-in" }
  /** Nothing lives here: the "page not found" page in `language`. */
  | { kind: "not-found"; language: Language };

function trimSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, "") : path;
}

/**
 * What a path means (docs/decisions/0002-languages-and-url-prefixes.md):
 * admin paths are left alone; a path without a valid language prefix moves under the
 * preferred language (stored choice, else es); aliases lead to their page; CRM paths leave.
 * `isOwnPath` says whether a prefixed, non-alias path is served by a page (blog articles
 * and categories are dynamic, so the caller decides for those).
 */
export function resolvePath(
  pathname: string,
  preferred: Language = DEFAULT_LANGUAGE,
  isOwnPath: (page: string) => boolean = (page) => isPublicPage(page) || /^\/blog\/[^/]+(\/[^/]+)?$/.test(page),
): PathResolution {
  const path = trimSlash(pathname || "/");
  if (isAdminPath(path)) return { kind: "page" };
  const language = languageOfPath(path);
  const page = trimSlash(language ? stripLanguage(path) : path === "/" ? "" : path);
  const normalized = page === "/" ? "" : page;
  if (isCrmAppPath(normalized)) return { kind: "crm-sign-in" };
  const alias = PAGE_ALIASES[normalized];
  if (alias !== undefined) return { kind: "redirect", to: `/${language ?? preferred}${alias}` };
  if (!language) return { kind: "redirect", to: `/${preferred}${normalized}` };
  return isOwnPath(normalized) ? { kind: "page" } : { kind: "not-found", language };
}
