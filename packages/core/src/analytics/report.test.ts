import { describe, expect, it } from "vitest";
import { viewIncrements, leadIncrements, vitalsIncrements, type Increments } from "./counters.ts";
import { buildReport, rangeDays, weekOf, type StoredDay } from "./report.ts";

/** A day's items as the store would hold them after these increments. */
function stored(day: string, ...increments: Increments[]): StoredDay {
  const items = new Map<string, Record<string, unknown>>();
  for (const added of increments)
    for (const [sk, counters] of added) {
      const item = items.get(sk) ?? { pk: `STATS#${day}`, sk };
      for (const [name, value] of Object.entries(counters)) item[name] = Number(item[name] ?? 0) + value;
      items.set(sk, item);
    }
  return { day, items: [...items.values()] };
}

describe("the dashboard's report", () => {
  it("adds the range's days up, and gives each page, article, source and campaign its conversion", () => {
    const entry = { source: "newsletter", campaign: "otoño" };
    // Two new visitors who enter on the same article from the same campaign.
    const guideEntry = viewIncrements({
      page: "/es/blog/guia",
      language: "es",
      country: "ES",
      device: "phone",
      newVisitor: true,
      entry,
      article: { id: "a1", firstInVisit: true },
    });
    const monday = stored(
      "2026-11-23",
      guideEntry,
      guideEntry,
      leadIncrements("trial", {
        entryPage: "/es/blog/guia",
        articles: ["a1"],
        utm: { source: "newsletter", campaign: "otoño" },
      }),
      vitalsIncrements("article", "phone", { lcp: 1800 }),
    );
    const sunday = stored(
      "2026-11-29",
      viewIncrements({
        page: "/en",
        language: "en",
        country: "unknown",
        device: "desktop",
        newVisitor: true,
        entry: { source: "direct" },
      }),
      leadIncrements("contact", undefined),
    );
    const report = buildReport(7, [sunday, monday]);
    expect(report).toMatchObject({ from: "2026-11-23", to: "2026-11-29" });
    expect(report.totals).toEqual({ views: 3, visitors: 3, visits: 3, leads: { contact: 1, trial: 1, newsletter: 0 } });
    expect(report.daily.map((day) => day.day)).toEqual(["2026-11-23", "2026-11-29"]);
    expect(report.pages[0]).toEqual({
      path: "/es/blog/guia",
      language: "es",
      views: 2,
      entries: 2,
      leads: 1,
      conversion: 0.5,
    });
    expect(report.articles[0]).toMatchObject({
      id: "a1",
      views: 2,
      readers: 2,
      leads: 1,
      conversion: 0.5,
      viewsByLanguage: { es: 2, en: 0, pt: 0 },
    });
    expect(report.campaigns).toEqual([{ campaign: "otoño", visits: 2, leads: 1, conversion: 0.5 }]);
    expect(report.sources.find((row) => row.source === "direct")).toEqual({
      source: "direct",
      visits: 1,
      leads: 0,
      conversion: 0,
    });
    expect(report.countries).toEqual([
      { country: "ES", views: 2, visitors: 2 },
      { country: "unknown", views: 1, visitors: 1 },
    ]);
    expect(report.devices).toEqual([
      { device: "phone", views: 2, visitors: 2 },
      { device: "tablet", views: 0, visitors: 0 },
      { device: "desktop", views: 1, visitors: 1 },
    ]);
    // Both days are in the week of Monday the 23rd.
    expect(report.leadsByWeek).toEqual([{ week: "2026-11-23", contact: 1, trial: 1, newsletter: 0 }]);
    expect(report.vitals).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ template: "article", device: "all", vital: "lcp", samples: 1, good: 1 }),
        expect.objectContaining({ template: "article", device: "phone", vital: "lcp", samples: 1 }),
      ]),
    );
  });

  it("has no conversion where nothing was visited", () => {
    const report = buildReport(7, [stored("2026-11-23", leadIncrements("trial", { utm: { campaign: "x" } }))]);
    expect(report.campaigns).toEqual([{ campaign: "x", visits: 0, leads: 1, conversion: null }]);
  });

  it("names days and weeks as the calendar does", () => {
    expect(rangeDays("2026-03-01", 3)).toEqual(["2026-02-27", "2026-02-28", "2026-03-01"]);
    expect([weekOf("2026-11-23"), weekOf("2026-11-29"), weekOf("2026-11-30")]).toEqual([
      "2026-11-23",
      "2026-11-23",
      "2026-11-30",
    ]);
  });
});
