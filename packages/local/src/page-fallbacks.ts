import { resolvePath } from "@codcrm/core/site/url-map";

export const SPA_FALLBACK = "/__spa-fallback.html";

/** The prerendered "page not found" page of a language (the web build writes one per language). */
export function notFoundPage(language: string): string {
  return `/${language}/404.html`;
}

/**
 * What a path without a prerendered file gets. Paths the app handles on the client (admin,
 * articles and blog categories, aliases, unprefixed paths that lead to a page, CRM paths)
 * get the SPA shell with 200. A prefixed path that leads nowhere gets the prerendered
 * "page not found" page of its language with 404; an unprefixed one gets the shell with 404.
 */
export function classifyMissingPath(pathname: string): { status: number; file: string } {
  const resolution = resolvePath(pathname);
  if (resolution.kind === "not-found") return { status: 404, file: notFoundPage(resolution.language) };
  if (resolution.kind === "redirect" && resolvePath(resolution.to).kind === "not-found") {
    // The shell moves the visitor under their own language (only the browser knows it) and
    // shows "page not found" there; the status already tells crawlers.
    return { status: 404, file: SPA_FALLBACK };
  }
  return { status: 200, file: SPA_FALLBACK };
}
