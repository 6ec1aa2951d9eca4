import { describe, expect, it } from "vitest";
import { leadIncrements, viewIncrements, vitalsIncrements } from "./counters.ts";

describe("what a view adds to its day", () => {
  it("a visit's first page of an article, from a new visitor: the day, the page, the article, the source and campaign", () => {
    const added = viewIncrements({
      page: "/es/blog/guia",
      language: "es",
      country: "ES",
      device: "phone",
      newVisitor: true,
      entry: { source: "newsletter", campaign: "otoño" },
      article: { id: "a1", firstInVisit: true },
    });
    expect(Object.fromEntries(added)).toEqual({
      DAY: {
        views: 1,
        visitors: 1,
        visits: 1,
        "lang.es": 1,
        "device.phone": 1,
        "visitors.device.phone": 1,
      },
      "country#ES": { views: 1, visitors: 1 },
      "page#/es/blog/guia": { views: 1, entries: 1 },
      "article#a1": { views: 1, "views.es": 1, readers: 1 },
      "source#newsletter": { visits: 1 },
      "campaign#otoño": { visits: 1 },
    });
  });

  it("a later page of a known visitor: its view only, in the items it touches", () => {
    const added = viewIncrements({
      page: "/en/precios",
      language: "en",
      country: "PT",
      device: "desktop",
      newVisitor: false,
    });
    expect(Object.fromEntries(added)).toEqual({
      DAY: { views: 1, "lang.en": 1, "device.desktop": 1 },
      "country#PT": { views: 1 },
      "page#/en/precios": { views: 1 },
    });
  });
});

describe("what a lead adds to its day", () => {
  it("its kind, and each thing that brought it", () => {
    const added = leadIncrements("trial", {
      entryPage: "/es/blog/guia",
      articles: ["a1", "a2"],
      referrer: "news.example",
      utm: { campaign: "otoño" },
    });
    expect(Object.fromEntries(added)).toEqual({
      DAY: { "leads.trial": 1 },
      "page#/es/blog/guia": { leads: 1 },
      "article#a1": { leads: 1 },
      "article#a2": { leads: 1 },
      "source#news.example": { leads: 1 },
      "campaign#otoño": { leads: 1 },
    });
  });

  it("a lead from before attribution: its kind only", () => {
    expect(Object.fromEntries(leadIncrements("contact", undefined))).toEqual({ DAY: { "leads.contact": 1 } });
  });
});

describe("what a speed sample adds", () => {
  it("one bucket per metric it measured, in its template's and device's item", () => {
    expect(Object.fromEntries(vitalsIncrements("article", "phone", { lcp: 2600, cls: 0.3 }))).toEqual({
      // LCP buckets are 250 ms wide up to 2.5 s, then 500 ms: 2,600 ms is the 11th (index 10); 0.3 of CLS the 8th.
      "vitals#article#phone": { "lcp.10": 1, "cls.7": 1 },
    });
  });
});
