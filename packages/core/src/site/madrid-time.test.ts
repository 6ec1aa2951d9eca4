import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CalendarDay } from "./dates.ts";
import { formatMadrid, instantToMadrid, madridDay, madridToInstant } from "./madrid-time.ts";

/**
 * How the Madrid day was worked out before `madrid-time.ts` served it through Intl: the EU's
 * summer-time rule written out (from 01:00 UTC on the last Sunday of March to 01:00 UTC on the
 * last Sunday of October, UTC+2; else UTC+1). The one helper must give the same day.
 */
function handWrittenMadridDay(iso: string): CalendarDay {
  const lastSundayAtOneUtc = (year: number, monthIndex: number) => {
    const lastDay = new Date(Date.UTC(year, monthIndex + 1, 0));
    return Date.UTC(year, monthIndex, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
  };
  const instant = Date.parse(iso);
  const year = new Date(instant).getUTCFullYear();
  const summer = instant >= lastSundayAtOneUtc(year, 2) && instant < lastSundayAtOneUtc(year, 9);
  const local = new Date(instant + (summer ? 2 : 1) * 3_600_000);
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate() };
}

/** The instants around the two changes of a year, minute by minute from 20:00 UTC the day before to 04:00 UTC. */
function aroundTheChanges(year: number): number[] {
  const instants: number[] = [];
  for (const monthIndex of [2, 9]) {
    const lastDay = new Date(Date.UTC(year, monthIndex + 1, 0));
    const sunday = Date.UTC(year, monthIndex, lastDay.getUTCDate() - lastDay.getUTCDay());
    for (let ms = sunday - 4 * 3_600_000; ms <= sunday + 4 * 3_600_000; ms += 60_000) instants.push(ms);
  }
  return instants;
}

describe("the Madrid day of an instant", () => {
  it("is the day on Madrid's clock, summer time included", () => {
    expect(madridDay("2026-03-29T00:59:59Z")).toEqual({ year: 2026, month: 3, day: 29 });
    expect(madridDay("2026-10-24T22:30:00Z")).toEqual({ year: 2026, month: 10, day: 25 }); // CEST: 00:30
    expect(madridDay("2026-10-25T23:30:00Z")).toEqual({ year: 2026, month: 10, day: 26 }); // CET: 00:30
    expect(madridDay("2026-12-31T23:00:00Z")).toEqual({ year: 2027, month: 1, day: 1 });
    expect(madridDay("2026-06-30T22:00:00.000Z")).toEqual({ year: 2026, month: 7, day: 1 });
  });

  it("is the day the hand-written EU rule gave, over 2024 to 2031 and minute by minute around each change", () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2031, 11, 31, 23, 59) }), (instant) => {
        const iso = new Date(instant).toISOString();
        expect(madridDay(iso)).toEqual(handWrittenMadridDay(iso));
      }),
      { numRuns: 20_000 },
    );
    for (let year = 2024; year <= 2031; year++) {
      for (const instant of aroundTheChanges(year)) {
        const iso = new Date(instant).toISOString();
        expect(madridDay(iso), iso).toEqual(handWrittenMadridDay(iso));
      }
    }
  });
});

describe("Madrid wall-clock time <-> ISO instants", () => {
  /** Madrid wall-clock times and the instants they are, in the order a clock shows them. */
  const readings: [string, string, string][] = [
    ["winter is UTC+1", "2026-01-15T10:00", "2026-01-15T09:00:00.000Z"],
    ["summer is UTC+2", "2026-07-01T10:30", "2026-07-01T08:30:00.000Z"],
    // 29 March 2026, 02:00 -> 03:00.
    ["the last minute of winter time", "2026-03-29T01:59", "2026-03-29T00:59:00.000Z"],
    ["the first minute of summer time", "2026-03-29T03:00", "2026-03-29T01:00:00.000Z"],
    ["02:30, which that night's clocks skip, as 03:30 summer time", "2026-03-29T02:30", "2026-03-29T01:30:00.000Z"],
    // 25 October 2026, 03:00 -> 02:00.
    ["the last hour of summer time", "2026-10-25T01:59", "2026-10-24T23:59:00.000Z"],
    ["02:30, which happens twice, as the first (summer time)", "2026-10-25T02:30", "2026-10-25T00:30:00.000Z"],
    ["03:00 after the change, winter time", "2026-10-25T03:00", "2026-10-25T02:00:00.000Z"],
  ];

  it.each(readings)("%s: %s is %s", (_, local, instant) => {
    expect(madridToInstant(local)).toBe(instant);
  });

  it("refuses what is not a date and time", () => {
    expect(madridToInstant("")).toBeUndefined();
    expect(madridToInstant("2026-02-30T10:00")).toBeUndefined();
    expect(madridToInstant("2026-01-01T24:00")).toBeUndefined();
    expect(madridToInstant("mañana")).toBeUndefined();
  });

  it("an instant reads back as the Madrid time it was set from", () => {
    for (const local of ["2026-01-15T10:00", "2026-07-01T10:30", "2026-10-25T02:30", "2026-10-25T03:15"])
      expect(instantToMadrid(madridToInstant(local)!)).toBe(local);
    // The second 02:30 of 25 October is shown as it is, 02:30.
    expect(instantToMadrid("2026-10-25T01:30:00.000Z")).toBe("2026-10-25T02:30");
  });

  it("formats in Madrid time whatever the machine's zone", () => {
    expect(formatMadrid("2026-07-01T08:30:00.000Z", "es")).toMatch(/10:30/);
  });
});
