import type { LeadKind } from "../lead/lead.ts";
import { LANGUAGES, languageOfPath, type Language } from "../site/languages.ts";
import { DAY_ITEM } from "./counters.ts";
import { DEVICE_CLASSES, PAGE_TEMPLATES, type DeviceClass, type PageTemplate } from "./page-view.ts";
import { VITALS, VITAL_EDGES, summarize, type Vital, type VitalSummary } from "./vitals.ts";

/** The ranges the dashboard offers, in days ending today (Madrid). */
export const REPORT_RANGES = [7, 30, 90] as const;
export type ReportRange = (typeof REPORT_RANGES)[number];

export const LEAD_KINDS: readonly LeadKind[] = ["contact", "trial", "newsletter"];
/** How many pages, articles, sources and campaigns a report lists: the most viewed. */
export const REPORT_TOP = 50;

/** A day's stored counter items, each with its sort key (`counters.ts`). */
export interface StoredDay {
  day: string;
  items: Record<string, unknown>[];
}

/** A share of visits that brought a lead: leads ÷ visits; null when nothing was visited. */
export type Conversion = number | null;

export interface AnalyticsReport {
  days: ReportRange;
  /** First and last day of the range (Madrid), `YYYY-MM-DD`. */
  from: string;
  to: string;
  /**
   * Per day: views, unique visitors (one per visitor hash that day; a daily salt makes the same
   * person on two days two visitors) and visits (tab sessions begun that day).
   */
  daily: { day: string; views: number; visitors: number; visits: number }[];
  /** `visitors` is the sum of the days' uniques: a range cannot say more with a daily salt. */
  totals: { views: number; visitors: number; visits: number; leads: Record<LeadKind, number> };
  pages: {
    path: string;
    language: Language | null;
    views: number;
    entries: number;
    leads: number;
    conversion: Conversion;
  }[];
  articles: {
    id: string;
    title?: string;
    views: number;
    viewsByLanguage: Record<Language, number>;
    readers: number;
    leads: number;
    conversion: Conversion;
  }[];
  sources: { source: string; visits: number; leads: number; conversion: Conversion }[];
  campaigns: { campaign: string; visits: number; leads: number; conversion: Conversion }[];
  countries: { country: string; views: number; visitors: number }[];
  devices: { device: DeviceClass; views: number; visitors: number }[];
  languages: { language: Language; views: number }[];
  /** Leads per week by kind; a week is named by its Monday, the range's first week cut at `from`. */
  leadsByWeek: ({ week: string } & Record<LeadKind, number>)[];
  /** Per page template, all devices (`device: "all"`) and each device class. */
  vitals: ({ template: PageTemplate; device: DeviceClass | "all"; vital: Vital } & VitalSummary)[];
}

/** The `days` days ending on `today` (a `YYYY-MM-DD`), oldest first. */
export function rangeDays(today: string, days: number): string[] {
  const end = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: days }, (_, index) =>
    new Date(end - (days - 1 - index) * 86_400_000).toISOString().slice(0, 10),
  );
}

/** The Monday of the week a day is in (`YYYY-MM-DD`). */
export function weekOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - sinceMonday * 86_400_000).toISOString().slice(0, 10);
}

const number = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : 0);
const conversion = (leads: number, visits: number): Conversion => (visits > 0 ? leads / visits : null);

function sum<K extends string>(target: Map<string, Record<K, number>>, key: string, values: Record<K, number>): void {
  const current = target.get(key);
  if (!current) return void target.set(key, { ...values });
  for (const name of Object.keys(values) as K[]) current[name] += values[name];
}

function top<T extends Record<string, unknown>>(rows: T[], by: keyof T, limit = REPORT_TOP): T[] {
  return rows.sort((a, b) => number(b[by]) - number(a[by])).slice(0, limit);
}

/** The dashboard's figures for a range, from its days' counter items: no raw hit is ever read. */
export function buildReport(range: ReportRange, stored: readonly StoredDay[]): AnalyticsReport {
  const days = [...stored].sort((a, b) => a.day.localeCompare(b.day));
  const totals = { views: 0, visitors: 0, visits: 0, leads: { contact: 0, trial: 0, newsletter: 0 } };
  const daily: AnalyticsReport["daily"] = [];
  const pages = new Map<string, { views: number; entries: number; leads: number }>();
  const articles = new Map<string, { views: number; readers: number; leads: number } & Record<Language, number>>();
  const sources = new Map<string, { visits: number; leads: number }>();
  const campaigns = new Map<string, { visits: number; leads: number }>();
  const countries = new Map<string, { views: number; visitors: number }>();
  const devices = new Map<string, { views: number; visitors: number }>();
  const languages = new Map<string, { views: number }>();
  const weeks = new Map<string, Record<LeadKind, number>>();
  const histograms = new Map<string, number[]>();

  for (const { day, items } of days) {
    const summary = items.find((item) => item.sk === DAY_ITEM) ?? {};
    const today = {
      day,
      views: number(summary.views),
      visitors: number(summary.visitors),
      visits: number(summary.visits),
    };
    daily.push(today);
    totals.views += today.views;
    totals.visitors += today.visitors;
    totals.visits += today.visits;
    const week = { contact: 0, trial: 0, newsletter: 0 };
    for (const kind of LEAD_KINDS) {
      week[kind] = number(summary[`leads.${kind}`]);
      totals.leads[kind] += week[kind];
    }
    sum(weeks, weekOf(day), week);
    for (const [name, value] of Object.entries(summary)) {
      const [dimension, key, more] = name.split(".");
      if (dimension === "lang" && key) sum(languages, key, { views: number(value) });
      if (dimension === "country" && key) sum(countries, key, { views: number(value), visitors: 0 });
      if (dimension === "device" && key) sum(devices, key, { views: number(value), visitors: 0 });
      if (dimension === "visitors" && key === "country" && more)
        sum(countries, more, { views: 0, visitors: number(value) });
      if (dimension === "visitors" && key === "device" && more)
        sum(devices, more, { views: 0, visitors: number(value) });
    }
    for (const item of items) {
      const sk = String(item.sk);
      const separator = sk.indexOf("#");
      if (separator < 0) continue;
      const kind = sk.slice(0, separator);
      const key = sk.slice(separator + 1);
      if (kind === "page")
        sum(pages, key, { views: number(item.views), entries: number(item.entries), leads: number(item.leads) });
      else if (kind === "article")
        sum(articles, key, {
          views: number(item.views),
          readers: number(item.readers),
          leads: number(item.leads),
          ...(Object.fromEntries(LANGUAGES.map((language) => [language, number(item[`views.${language}`])])) as Record<
            Language,
            number
          >),
        });
      else if (kind === "country") sum(countries, key, { views: number(item.views), visitors: number(item.visitors) });
      else if (kind === "source") sum(sources, key, { visits: number(item.visits), leads: number(item.leads) });
      else if (kind === "campaign") sum(campaigns, key, { visits: number(item.visits), leads: number(item.leads) });
      else if (kind === "vitals") {
        const [template, device] = key.split("#");
        for (const vital of VITALS) {
          const counts = Array.from({ length: VITAL_EDGES[vital].length + 1 }, (_, index) =>
            number(item[`${vital}.${index}`]),
          );
          for (const target of [`${template}#${device}#${vital}`, `${template}#all#${vital}`]) {
            const histogram = histograms.get(target) ?? counts.map(() => 0);
            counts.forEach((count, index) => (histogram[index] = histogram[index]! + count));
            histograms.set(target, histogram);
          }
        }
      }
    }
  }

  const vitals: AnalyticsReport["vitals"] = [];
  for (const template of PAGE_TEMPLATES)
    for (const device of ["all", ...DEVICE_CLASSES] as const)
      for (const vital of VITALS) {
        const histogram = histograms.get(`${template}#${device}#${vital}`);
        const summary = histogram ? summarize(vital, histogram) : undefined;
        if (summary?.samples) vitals.push({ template, device, vital, ...summary });
      }

  const from = days[0]?.day ?? "";
  return {
    days: range,
    from,
    to: days.at(-1)?.day ?? "",
    daily,
    totals,
    pages: top(
      [...pages].map(([path, values]) => ({
        path,
        language: languageOfPath(path) ?? null,
        ...values,
        conversion: conversion(values.leads, values.entries),
      })),
      "views",
    ),
    articles: top(
      [...articles].map(([id, { views, readers, leads, ...byLanguage }]) => ({
        id,
        views,
        viewsByLanguage: byLanguage,
        readers,
        leads,
        conversion: conversion(leads, readers),
      })),
      "views",
    ),
    sources: top(
      [...sources].map(([source, values]) => ({
        source,
        ...values,
        conversion: conversion(values.leads, values.visits),
      })),
      "visits",
    ),
    campaigns: top(
      [...campaigns].map(([campaign, values]) => ({
        campaign,
        ...values,
        conversion: conversion(values.leads, values.visits),
      })),
      "visits",
    ),
    countries: top(
      [...countries].map(([country, values]) => ({ country, ...values })),
      "views",
      Infinity,
    ),
    devices: DEVICE_CLASSES.map((device) => ({ device, ...(devices.get(device) ?? { views: 0, visitors: 0 }) })),
    languages: LANGUAGES.map((language) => ({ language, views: languages.get(language)?.views ?? 0 })),
    leadsByWeek: [...weeks].map(([week, counts]) => ({ week: week < from ? from : week, ...counts })),
    vitals,
  };
}
