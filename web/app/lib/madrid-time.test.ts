import { describe, expect, it } from "vitest";
import { formatMadrid, instantToMadrid, madridToInstant } from "./madrid-time.ts";

describe("Madrid wall-clock time <-> ISO instants", () => {
  it("winter is UTC+1 and summer UTC+2", () => {
    expect(madridToInstant("2026-01-15T10:00")).toBe("2026-01-15T09:00:00.000Z");
    expect(madridToInstant("2026-07-01T10:30")).toBe("2026-07-01T08:30:00.000Z");
  });

  it("around the change to summer time (29 March 2026, 02:00 -> 03:00)", () => {
    expect(madridToInstant("2026-03-29T01:59")).toBe("2026-03-29T00:59:00.000Z");
    expect(madridToInstant("2026-03-29T03:00")).toBe("2026-03-29T01:00:00.000Z");
    // 02:30 never shows on Madrid clocks that night: it is read as 03:30 summer time.
    expect(madridToInstant("2026-03-29T02:30")).toBe("2026-03-29T01:30:00.000Z");
  });

  it("around the change to winter time (25 October 2026, 03:00 -> 02:00)", () => {
    expect(madridToInstant("2026-10-25T01:59")).toBe("2026-10-24T23:59:00.000Z");
    // 02:30 happens twice: the first (summer time) is meant.
    expect(madridToInstant("2026-10-25T02:30")).toBe("2026-10-25T00:30:00.000Z");
    expect(madridToInstant("2026-10-25T03:00")).toBe("2026-10-25T02:00:00.000Z");
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
