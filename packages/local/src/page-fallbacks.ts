import { APP_SHELL_PATH } from "@codcrm/core/site/app-shell";
import { DEFAULT_LANGUAGE, languageFromCookieHeader } from "@codcrm/core/site/languages";
import { resolvePath } from "@codcrm/core/site/url-map";

export const SPA_FALLBACK = APP_SHELL_PATH;

/** The prerendered "page not found" page of a language (the web build writes one per language). */
export function notFoundPage(language: string): string {
  return `/${language}/404.html`;
}

/** A path whose last segment names a file (`/favicon.ico`, `/assets/x.js`): never redirected. */
export function isFilePath(pathname: string): boolean {
  return (pathname.split("/").pop() ?? "").includes(".");
}

export type RedirectAnswer = { status: 301 | 302; location: string; personal: boolean };

/**
 * The redirect a page path gets, if any, from the one URL map (the CloudFront function runs
 * the same `resolveUrl`): an alias moves for good (301), under its prefix or, without one, under
 * the visitor's stored language (then no shared cache keeps it: `personal`); any other path
 * without a prefix moves under the stored language, read from the `language` cookie, else
 * Spanish (302: the cookie decides); CRM paths leave for the CRM's sign-in page (302).
 * See docs/decisions/0020-aliases-are-http-redirects.md.
 */
export function redirectFor(
  pathname: string,
  search: string,
  cookieHeader: string | undefined,
  crmSignInUrl: string,
): RedirectAnswer | undefined {
  if (isFilePath(pathname)) return undefined;
  const resolution = resolvePath(pathname, languageFromCookieHeader(cookieHeader) ?? DEFAULT_LANGUAGE);
  if (resolution.kind === "crm-sign-in") return { status: 302, location: crmSignInUrl, personal: false };
  if (resolution.kind !== "redirect") return undefined;
  return {
    status: resolution.permanent ? 301 : 302,
    location: `${resolution.to}${search}`,
    personal: resolution.personal,
  };
}

/**
 * What a path that no file and no page route serves gets: the app shell with 200 for the admin
 * area and the client-rendered pages; otherwise the "page not found" page of the path's
 * language (Spanish without one) with 404.
 */
export function classifyMissingPath(pathname: string): { status: number; file: string } {
  const resolution = isFilePath(pathname) ? undefined : resolvePath(pathname);
  if (resolution?.kind === "page" && resolution.shell) return { status: 200, file: SPA_FALLBACK };
  return { status: 404, file: notFoundPage(resolution?.kind === "not-found" ? resolution.language : DEFAULT_LANGUAGE) };
}
