import { SERVER_RENDERED_SOURCE, UTILITY_PAGES } from "./app-shell.ts";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "./languages.ts";
import { PUBLIC_PAGES } from "./public-pages.ts";

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

export type PathResolution =
  /**
   * A page of this site renders it: prerendered, the app shell (admin), or a page function (an
   * article or a blog category; their routes have their own behaviours and reach this map only
   * in tests).
   */
  | { kind: "page"; shell: boolean }
  /**
   * Go to `to` on this site. Permanent for an alias (its page moved for good); `personal` when
   * the visitor's stored language chose the prefix (a path without one), so no shared cache may
   * keep the answer.
   */
  | { kind: "redirect"; to: string; permanent: boolean; personal: boolean }
  /** Leave for the CRM application's sign-in page. */
  | { kind: "crm-sign-in" }
  /** Nothing lives here: the "page not found" page in `language`. */
  | { kind: "not-found"; language: Language };

/** The URL map as plain data: what `resolveUrl` reads, and what the CloudFront function embeds. */
export interface UrlTable {
  languages: readonly string[];
  /** Alias -> page, both without the language prefix. */
  aliases: Readonly<Record<string, string>>;
  /** Every prerendered page without the language prefix ("" is the landing page). */
  pages: Readonly<Record<string, 1>>;
  /** Regular expression source of the pages the page functions render, without the language prefix. */
  serverRendered: string;
}

export const URL_TABLE: UrlTable = {
  languages: LANGUAGES,
  aliases: PAGE_ALIASES,
  pages: Object.fromEntries([...PUBLIC_PAGES, ...UTILITY_PAGES].map((page) => [page, 1 as const])),
  serverRendered: SERVER_RENDERED_SOURCE,
};

/**
 * The URL map's one implementation. The CloudFront viewer-request function runs this same
 * function (its source is embedded, stacks/edge/viewer-request.ts), so it is written for that
 * runtime: self-contained (no imports, no closures, no nested functions), ES5 plus
 * `const`/`let`, plain regular expressions, nothing but its arguments.
 */
export function resolveUrl(pathname: string, preferred: string, table: UrlTable): PathResolution {
  let path = pathname || "/";
  if (path.length > 1) path = path.replace(/\/+$/, "") || "/";
  // Admin paths carry no prefix and are always the shell.
  if (path === "/admin" || path.indexOf("/admin/") === 0) return { kind: "page", shell: true };
  const first = path.split("/")[1] || "";
  // Not named `language`: a bundler may write `{ language: language }` as `{ language }`,
  // which the CloudFront runtime does not read.
  const prefix = table.languages.indexOf(first) !== -1 ? first : undefined;
  const page = prefix ? path.slice(first.length + 1) : path === "/" ? "" : path;
  // Paths owned by the CRM application: visitors are sent to its sign-in page.
  if (/^\/(auth|dashboard)(\/|$)/.test(page)) return { kind: "crm-sign-in" };
  const alias = Object.prototype.hasOwnProperty.call(table.aliases, page) ? table.aliases[page] : undefined;
  if (alias !== undefined)
    return { kind: "redirect", to: "/" + (prefix || preferred) + alias, permanent: true, personal: !prefix };
  if (!prefix) return { kind: "redirect", to: "/" + preferred + page, permanent: false, personal: true };
  if (Object.prototype.hasOwnProperty.call(table.pages, page)) return { kind: "page", shell: false };
  if (new RegExp(table.serverRendered).test(page)) return { kind: "page", shell: false };
  return { kind: "not-found", language: prefix as Language };
}

/**
 * How long a redirect of the URL map may be kept, and by whom: an alias's 301 an hour, by any
 * cache when the path alone decided it, by the visitor's browser alone when their stored language
 * chose the prefix; a 302 by nobody (the cookie decides it each time). Written for the CloudFront
 * runtime like `resolveUrl`, which embeds it too.
 */
export function redirectCacheControl(status: number, personal: boolean): string {
  if (status !== 301) return "private, no-store";
  return personal ? "private, max-age=3600" : "public, max-age=3600";
}

/**
 * What a path means (docs/decisions/0002-languages-and-url-prefixes.md): admin paths are
 * left alone; a path without a valid language prefix moves under the preferred language
 * (stored choice, else es); aliases lead to their page; CRM paths leave; a prefixed path no
 * page serves is "page not found". How servers answer it: docs/decisions/0020-aliases-are-http-redirects.md.
 */
export function resolvePath(pathname: string, preferred: Language = DEFAULT_LANGUAGE): PathResolution {
  return resolveUrl(pathname, preferred, URL_TABLE);
}
