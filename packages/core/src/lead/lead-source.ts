// Zod Mini, as the lead schemas it joins (lead-schemas.ts): the form functions parse with it alone.
import * as z from "zod/mini";

/**
 * What brought a lead: the visit (the browser tab's session) that sent the form, as the page's
 * start script noted it in `sessionStorage` while the visitor read (web/start/start-app.js,
 * docs/decisions/0403-lead-attribution-for-the-tab.md). Only the tab's session knows it; nothing
 * about it outlives the tab, and it leaves the browser only with the form the visitor sends.
 */
export interface LeadSource {
  /** The first page of the visit, its path without the query (`/es/blog/guia`). */
  entryPage?: string;
  /** Ids of the articles the visit opened, in the order it first opened them. */
  articles?: string[];
  /** The host of the other site the visit came from (`google.com`), when it came from one. */
  referrer?: string;
  /** The UTM parameters of the visit's first page. */
  utm?: Utm;
}

export const UTM_FIELDS = ["source", "medium", "campaign", "term", "content"] as const;
export type Utm = Partial<Record<(typeof UTM_FIELDS)[number], string>>;

/** How many articles a visit keeps: the first ones it opened. */
export const VISIT_ARTICLES_MAX = 20;
export const UTM_VALUE_MAX = 100;
export const SOURCE_PATH_MAX = 300;
export const ARTICLE_ID_MAX = 100;

/**
 * A value the visitor's address bar or another site chose: whatever does not fit is dropped,
 * never refused. A lead (or a page view) is never lost over what brought it.
 */
function lenient<T extends z.ZodMiniType>(schema: T) {
  return z.optional(z.catch(z.optional(schema), undefined));
}

/** One line of printable text, trimmed, at most `max` characters. */
const printable = (max: number) =>
  z.string().check(z.regex(/^[^\p{Cc}\u2028\u2029]*$/u), z.trim(), z.minLength(1), z.maxLength(max));

/** A site path: `/` then no spaces or control characters. */
export const sourcePath = z.string().check(z.maxLength(SOURCE_PATH_MAX), z.regex(/^\/[^\p{Cc}\s?#]*$/u));

/** An article's id as the store keeps them. */
export const articleIdField = z.string().check(z.minLength(1), z.maxLength(ARTICLE_ID_MAX), z.regex(/^[\w-]+$/));

/** A host as a referrer names it, lower-cased, without `www.`. */
export const referrerHost = z.pipe(
  z.string().check(z.maxLength(100), z.regex(/^[a-z0-9.-]+(:\d{1,5})?$/i)),
  z.transform((host: string) => host.toLowerCase().replace(/^www\./, "")),
);

const utmValue = lenient(printable(UTM_VALUE_MAX));

/** The UTM parameters a page's address carried (`utm_source` as `source`, …); none kept reads as undefined. */
export const utmSchema = z.pipe(
  z.object({ source: utmValue, medium: utmValue, campaign: utmValue, term: utmValue, content: utmValue }),
  z.transform((utm): Utm | undefined => {
    const kept: Utm = {};
    for (const field of UTM_FIELDS) if (utm[field] !== undefined) kept[field] = utm[field];
    return Object.keys(kept).length ? kept : undefined;
  }),
);

/** The `source` member of a contact, trial or newsletter body. Every part optional and lenient. */
export const leadSourceSchema = z.pipe(
  z.object({
    entryPage: lenient(sourcePath),
    articles: lenient(
      z.pipe(
        z.array(z.unknown()),
        z.transform((ids: unknown[]) => [
          ...new Set(ids.filter((id): id is string => articleIdField.safeParse(id).success)),
        ]),
      ),
    ),
    referrer: lenient(referrerHost),
    utm: lenient(utmSchema),
  }),
  z.transform((source): LeadSource | undefined => {
    const kept: LeadSource = {};
    if (source.entryPage) kept.entryPage = source.entryPage;
    if (source.articles?.length) kept.articles = source.articles.slice(0, VISIT_ARTICLES_MAX);
    if (source.referrer) kept.referrer = source.referrer;
    if (source.utm) kept.utm = source.utm;
    return Object.keys(kept).length ? kept : undefined;
  }),
);

/** The optional `source` of a lead body: a broken one reads as none. */
export const leadSourceField = lenient(leadSourceSchema);

/**
 * What a lead's source counts under in the analytics: its `utm_source`, else the referring
 * host, else "direct" (the same rule as a visit's, so a lead and its visit share one source).
 */
export function sourceName(source: Pick<LeadSource, "referrer" | "utm"> | undefined): string {
  return source?.utm?.source?.toLowerCase() ?? source?.referrer ?? DIRECT_SOURCE;
}

/** The source of a visit that came from no other site and named none. */
export const DIRECT_SOURCE = "direct";
