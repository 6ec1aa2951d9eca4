import fc from "fast-check";
import { describe, expect, it } from "vitest";
import en from "../../../../locales/en.json";
import es from "../../../../locales/es.json";
import pt from "../../../../locales/pt.json";
import { calendarDay, formatLongDate, madridDay } from "./dates.ts";
import { createTranslate } from "./translate.ts";

const madrid = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/Madrid",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

describe("dates", () => {
  it("finds the Madrid day of an instant, summer time included, as the tz database does", () => {
    expect(madridDay("2026-03-29T00:59:59Z")).toEqual({ year: 2026, month: 3, day: 29 });
    expect(madridDay("2026-10-24T22:30:00Z")).toEqual({ year: 2026, month: 10, day: 25 }); // CEST: 00:30
    expect(madridDay("2026-10-25T23:30:00Z")).toEqual({ year: 2026, month: 10, day: 26 }); // CET: 00:30
    expect(madridDay("2026-12-31T23:00:00Z")).toEqual({ year: 2027, month: 1, day: 1 });
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1997, 0, 1), max: Date.UTC(2099, 11, 31) }), (instant) => {
        const iso = new Date(instant).toISOString();
        const { year, month, day } = madridDay(iso);
        expect(`${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`).toBe(
          madrid.format(instant),
        );
      }),
      { numRuns: 5000 },
    );
  });

  it("writes a long date in each language as Intl does for es, en and pt", () => {
    const languages = [
      ["es", es],
      ["en", en],
      ["pt", pt],
    ] as const;
    for (const [language, strings] of languages) {
      const t = createTranslate(strings, language);
      for (let month = 1; month <= 12; month++) {
        const expected = new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(
          Date.UTC(2026, month - 1, 7),
        );
        expect(formatLongDate(t, { year: 2026, month, day: 7 })).toBe(expected);
      }
    }
    expect(formatLongDate(createTranslate(es, "es"), calendarDay("2026-11-21"))).toBe("21 de noviembre de 2026");
  });
});
