import { LANGUAGES, type Language } from "./languages.ts";

/**
 * Every public page, as its path without the language prefix ("" is the landing page).
 * Each exists in every language (`/es/servicios`, `/en/servicios`, ...): slugs stay Spanish
 * in every language. The prerender list, the sitemap and the local server read this list,
 * and `web/app/routes.ts` must register a page module for each entry (its types enforce it).
 */
export const PUBLIC_PAGES = [
  "",
  "/servicios",
  "/servicios/contrareembolso",
  "/servicios/perfiles",
  "/servicios/almacen",
  "/servicios/transportistas",
  "/privacidad",
  "/cookies",
  "/terminos",
  "/sobre-nosotros",
  "/blog",
  "/precios",
  "/contacto",
  "/soporte/faq",
  "/empresa/empleo",
  "/empresa/socios",
] as const;

export type PublicPage = (typeof PUBLIC_PAGES)[number];

export function isPublicPage(path: string): path is PublicPage {
  return (PUBLIC_PAGES as readonly string[]).includes(path);
}

/** Every public URL path in every language: `/es`, `/es/servicios`, ..., `/pt/empresa/socios`. */
export function publicPagePaths(languages: readonly Language[] = LANGUAGES): string[] {
  return languages.flatMap((language) => PUBLIC_PAGES.map((page) => `/${language}${page}`));
}

/**
 * The public pages whose content changes while the site runs: the blog's list, rendered on request
 * by its page function (its cards are the store's). Every other public page is prerendered.
 */
export const PAGES_RENDERED_ON_REQUEST: readonly PublicPage[] = ["/blog"];

/** Every prerendered public page in every language. */
export function prerenderedPagePaths(languages: readonly Language[] = LANGUAGES): string[] {
  return languages.flatMap((language) =>
    PUBLIC_PAGES.filter((page) => !PAGES_RENDERED_ON_REQUEST.includes(page)).map((page) => `/${language}${page}`),
  );
}
