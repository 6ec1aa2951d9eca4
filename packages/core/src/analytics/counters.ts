import type { LeadKind } from "../lead/lead.ts";
import { sourceName, type LeadSource } from "../lead/lead-source.ts";
import type { Language } from "../site/languages.ts";
import { countedPage, pageKind, type DeviceClass, type PageTemplate } from "./page-view.ts";
import { VITALS, bucketOf, type Vital } from "./vitals.ts";

/**
 * What one view, one lead or one speed sample adds to the day's counters
 * (docs/decisions/0401-analytics-counters-per-day.md). A day is one partition of items, each
 * named by its sort key; every counter is a number attribute raised by DynamoDB's atomic `ADD`:
 *
 *   DAY                         views, visitors, visits; views per `lang.{l}` and `device.{d}`,
 *                               visitors per `visitors.device.{d}`; `leads.{kind}`: a fixed set of
 *                               fifteen or so counters (3 languages, 3 devices, 3 kinds), well
 *                               under 1 KB, so each update is one write unit
 *   country#{country}           views, visitors (some 250 at most: items of their own, so the
 *                               day's item does not grow with them)
 *   page#{path}                 views, entries (visits that began there), leads (that began there)
 *   article#{id}                views, `views.{l}` (the page's language), readers (visits that
 *                               opened it), leads (from visits that opened it)
 *   source#{source}             visits, leads
 *   campaign#{utm_campaign}     visits, leads
 *   vitals#{template}#{device}  samples per histogram bucket: `lcp.{i}`, `inp.{i}`, `cls.{i}`
 *
 * Every item stays small, so a write costs one write unit whatever the day holds: values with
 * many possible keys (paths, articles, sources, campaigns, countries) are items of their own; the
 * few fixed ones share the day's item.
 */
export type Increments = Map<string, Record<string, number>>;

export const DAY_ITEM = "DAY";
export const pageItem = (path: string) => `page#${path}`;
export const countryItem = (country: string) => `country#${country}`;
export const articleItem = (id: string) => `article#${id}`;
export const sourceItem = (source: string) => `source#${source}`;
export const campaignItem = (campaign: string) => `campaign#${campaign}`;
export const vitalsItem = (template: PageTemplate, device: DeviceClass) => `vitals#${template}#${device}`;

/** A view as the server counts it, once it has decided everything the beacon could not say. */
export interface CountedView {
  /** `countedPage`: the path, or the one "not found" entry. */
  page: string;
  language: Language;
  country: string;
  device: DeviceClass;
  /** The visitor's first view today (never, for a visit that asked not to be tracked: `Sec-GPC`). */
  newVisitor: boolean;
  /** The first page of a visit: where it came from. */
  entry?: { source: string; campaign?: string };
  /** A published article, shown as itself. */
  article?: { id: string; firstInVisit: boolean };
}

function add(increments: Increments, item: string, counters: Record<string, number>): void {
  const current = increments.get(item) ?? {};
  for (const [name, value] of Object.entries(counters)) if (value) current[name] = (current[name] ?? 0) + value;
  if (Object.keys(current).length) increments.set(item, current);
}

export function viewIncrements(view: CountedView, into: Increments = new Map()): Increments {
  const visitor = view.newVisitor ? 1 : 0;
  const entry = view.entry ? 1 : 0;
  add(into, DAY_ITEM, {
    views: 1,
    visitors: visitor,
    visits: entry,
    [`lang.${view.language}`]: 1,
    [`device.${view.device}`]: 1,
    [`visitors.device.${view.device}`]: visitor,
  });
  add(into, countryItem(view.country), { views: 1, visitors: visitor });
  add(into, pageItem(view.page), { views: 1, entries: entry });
  if (view.article) {
    add(into, articleItem(view.article.id), {
      views: 1,
      [`views.${view.language}`]: 1,
      readers: view.article.firstInVisit ? 1 : 0,
    });
  }
  if (view.entry) {
    add(into, sourceItem(view.entry.source), { visits: 1 });
    if (view.entry.campaign) add(into, campaignItem(view.entry.campaign), { visits: 1 });
  }
  return into;
}

/**
 * A stored lead (not spam) counted on the day it arrived: its kind, and each thing that brought
 * it (the visit's first page, every article the visit opened, its source and campaign).
 */
export function leadIncrements(
  kind: LeadKind,
  source: LeadSource | undefined,
  into: Increments = new Map(),
): Increments {
  add(into, DAY_ITEM, { [`leads.${kind}`]: 1 });
  if (!source) return into;
  const kindOfEntry = source.entryPage ? pageKind(source.entryPage) : undefined;
  if (source.entryPage && kindOfEntry) {
    // An article's path counts under its own entry when the visit read that article.
    const read = Boolean(source.articles?.length);
    add(into, pageItem(countedPage(source.entryPage, kindOfEntry, read)), { leads: 1 });
  }
  for (const id of source.articles ?? []) add(into, articleItem(id), { leads: 1 });
  add(into, sourceItem(sourceName(source)), { leads: 1 });
  if (source.utm?.campaign) add(into, campaignItem(source.utm.campaign), { leads: 1 });
  return into;
}

/** One page view's speed: a sample in each histogram it measured. */
export function vitalsIncrements(
  template: PageTemplate,
  device: DeviceClass,
  values: Partial<Record<Vital, number>>,
  into: Increments = new Map(),
): Increments {
  const counters: Record<string, number> = {};
  for (const vital of VITALS) {
    const value = values[vital];
    if (value !== undefined) counters[`${vital}.${bucketOf(vital, value)}`] = 1;
  }
  add(into, vitalsItem(template, device), counters);
  return into;
}
