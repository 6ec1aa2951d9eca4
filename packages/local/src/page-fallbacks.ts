const LANGS = ["es", "en", "pt"];
export const SPA_FALLBACK = "/__spa-fallback.html";

/**
 * What a path without a prerendered file gets. Client-rendered areas (admin, articles)
 * get the SPA shell with 200; everything else is a real 404 with the "page not found"
 * page in the path's language, whose script still handles redirects on the client.
 */
export function classifyMissingPath(pathname: string): { status: number; file: string } {
  const segments = pathname.split("/").filter(Boolean);
  const [first, second, third] = segments;
  if (first === "admin") return { status: 200, file: SPA_FALLBACK };
  const lang = first && LANGS.includes(first) ? first : undefined;
  if (lang && second === "blog" && third && segments.length <= 4) return { status: 200, file: SPA_FALLBACK };
  return { status: 404, file: `/${lang ?? "es"}/404.html` };
}

export function hasLangPrefix(pathname: string): boolean {
  return LANGS.includes(pathname.split("/")[1] ?? "");
}
