// Zod Mini: the beacon's function parses with it alone.
import * as z from "zod/mini";
import { isBuiltInCategorySlug } from "../article/categories.ts";
import { articleIdField, referrerHost, sourcePath, utmSchema } from "../lead/lead-source.ts";
import { UTILITY_PAGES } from "../site/app-shell.ts";
import { languageOfPath, stripLanguage, type Language } from "../site/languages.ts";
import { isPublicPage } from "../site/public-pages.ts";

/**
 * One page view as the page's start script reports it (web/start/start-app.js), in short keys:
 * the beacon is written into every page (docs/decisions/0400-first-party-page-views.md).
 *   p  the page's path (no query)
 *   r  the other site's host the visit came from (first page of a visit only)
 *   u  the UTM parameters of the visit's first page (first page only)
 *   a  the article the page shows, when it shows one as itself (not a "not found" stand-in)
 *   e  1: the first page of the visit (the tab's session)
 *   f  1: the first time this visit opened that article
 * What does not fit is dropped, never refused: a view is counted with what can be read of it.
 */
export const pageViewSchema = z.object({
  p: sourcePath,
  r: z.optional(z.catch(z.optional(referrerHost), undefined)),
  u: z.optional(z.catch(z.optional(utmSchema), undefined)),
  a: z.optional(z.catch(z.optional(articleIdField), undefined)),
  e: z.optional(z.catch(z.optional(z.literal(1)), undefined)),
  f: z.optional(z.catch(z.optional(z.literal(1)), undefined)),
});
export type PageViewBody = z.output<typeof pageViewSchema>;

/** The kinds of page a view and a speed sample are grouped by. */
export const PAGE_TEMPLATES = [
  "landing",
  "services",
  "service",
  "pricing",
  "blog",
  "article",
  "legal",
  "contact",
  "company",
  "newsletter",
  "not-found",
] as const;
export type PageTemplate = (typeof PAGE_TEMPLATES)[number];

export interface PageKind {
  language: Language;
  template: PageTemplate;
}

const TEMPLATE_OF_PAGE: Record<string, PageTemplate> = {
  "": "landing",
  "/servicios": "services",
  "/precios": "pricing",
  "/blog": "blog",
  "/contacto": "contact",
  "/privacidad": "legal",
  "/cookies": "legal",
  "/terminos": "legal",
};

/**
 * What kind of page a path is, from the URL map alone: the server decides, never the beacon.
 * Undefined for what is not a public page (the admin, a preview link, the API): not counted.
 */
export function pageKind(path: string): PageKind | undefined {
  const language = languageOfPath(path);
  if (!language) return undefined;
  const page = stripLanguage(path).replace(/\/+$/, "");
  if (isPublicPage(page)) {
    const template = TEMPLATE_OF_PAGE[page] ?? (page.startsWith("/servicios/") ? "service" : "company");
    return { language, template };
  }
  if ((UTILITY_PAGES as readonly string[]).includes(page)) return { language, template: "newsletter" };
  // Preview links are the administrator's, never a visit (docs/decisions/0086-preview-links.md).
  if (/^\/blog\/preview(\/|$)/.test(page)) return undefined;
  const blog = /^\/blog\/([^/]+)$/.exec(page);
  if (blog) return { language, template: isBuiltInCategorySlug(blog[1]!) ? "blog" : "article" };
  return { language, template: "not-found" };
}

/**
 * The page a view counts under: its path for a public page or a built-in category; for an
 * article's address, its path when the article is real and published (`article` given), else
 * the one "not found" entry: so a script posting made-up paths adds no entries to the day.
 */
export function countedPage(path: string, kind: PageKind, article: boolean): string {
  const clean = path.replace(/\/+$/, "") || "/";
  if (kind.template === "not-found") return NOT_FOUND_PAGE;
  if (kind.template === "article") return article ? clean : NOT_FOUND_PAGE;
  return clean;
}

/** Every path of a page that does not exist counts as this one. */
export const NOT_FOUND_PAGE = "(not found)";

export const DEVICE_CLASSES = ["phone", "tablet", "desktop"] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/**
 * Phone, tablet or desktop, from the request: Chromium's `Sec-CH-UA-Mobile` hint (`?1` on a
 * phone) when it came, else the User-Agent's usual marks. An iPad that asks for desktop sites
 * (iPadOS's default) names itself a Mac and counts as a desktop: no header tells them apart.
 */
export function deviceClass(userAgent: string, mobileHint?: string): DeviceClass {
  if (/iPad|Tablet|Kindle|Silk|PlayBook/i.test(userAgent) || (/Android/i.test(userAgent) && !/Mobi/i.test(userAgent)))
    return "tablet";
  if (mobileHint?.trim() === "?1" || /Mobi|iPhone|iPod|Android|Windows Phone/i.test(userAgent)) return "phone";
  return "desktop";
}

/** CloudFront's two-letter country of the viewer, or "unknown" (locally, or a value that is not one). */
export function viewerCountry(header: string | undefined): string {
  const value = header?.trim().toUpperCase();
  return value && /^[A-Z]{2}$/.test(value) ? value : UNKNOWN_COUNTRY;
}
export const UNKNOWN_COUNTRY = "unknown";
