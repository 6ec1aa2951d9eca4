import type { CalendarDay } from "./dates.ts";

/**
 * Madrid time, the company's and the administrator's clock, and the one time zone the site
 * speaks: articles are dated by their Madrid day, scheduling is entered in Madrid wall-clock
 * time, and the API speaks ISO instants. Every conversion goes through `Intl` and the runtime's
 * time-zone data, so the two daylight-saving changes a year are the zone's, never a rule written
 * here (docs/decisions/0091-scheduling-in-madrid-time.md,
 * docs/decisions/0326-one-time-zone-helper.md).
 */
export const MADRID = "Europe/Madrid";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * Made on first use, not when the module loads: the first `Intl.DateTimeFormat` of a page loads
 * the runtime's locale data (about 11 ms in Chromium on a two-core host), which a page that
 * prints no date does not pay.
 */
let parts: Intl.DateTimeFormat | undefined;

/** The Madrid wall clock at `ms`: its fields, to the minute. */
function wallFields(ms: number): Record<"year" | "month" | "day" | "hour" | "minute", number> {
  parts ??= new Intl.DateTimeFormat("en-GB", {
    timeZone: MADRID,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  });
  const field = Object.fromEntries(parts.formatToParts(ms).map((part) => [part.type, Number(part.value)]));
  return { year: field.year!, month: field.month!, day: field.day!, hour: field.hour!, minute: field.minute! };
}

/** The Madrid wall clock at `ms`, read as if it were UTC (milliseconds), to the minute. */
function wallClock(ms: number): number {
  const { year, month, day, hour, minute } = wallFields(ms);
  return Date.UTC(year, month - 1, day, hour, minute);
}

/**
 * The day an instant falls on in Madrid. Articles are dated in the company's time zone, so the
 * server-rendered page and every visitor's browser print the same day.
 */
export function madridDay(iso: string): CalendarDay {
  const { year, month, day } = wallFields(Date.parse(iso));
  return { year, month, day };
}

/** How far Madrid is ahead of UTC at the instant `ms` (one or two hours). */
function offsetAt(ms: number): number {
  const minute = Math.floor(ms / 60_000) * 60_000;
  return wallClock(minute) - minute;
}

/**
 * "2026-07-01T10:30" in Madrid -> "2026-07-01T08:30:00.000Z"; undefined when it is not a
 * date and time. A time skipped when the clocks go forward (02:30 on the last Sunday of
 * March) is read as the same time on the clock before the change (03:30 summer time); a time
 * that happens twice when they go back (02:30 on the last Sunday of October) is the first one.
 */
export function madridToInstant(local: string): string | undefined {
  const match = LOCAL.exec(local);
  if (!match) return undefined;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(wall);
  // Date.UTC rolls "2026-02-30" over to March: such a date does not exist.
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59) return undefined;
  const before = offsetAt(wall - DAY);
  const after = offsetAt(wall + DAY);
  // The larger offset first: of two readings of an ambiguous time, it gives the earlier instant.
  const candidates = [...new Set([before, after])].sort((a, b) => b - a);
  const valid = candidates.find((offset) => wallClock(wall - offset) === wall);
  return new Date(wall - (valid ?? before)).toISOString();
}

/** An instant as the value of a `datetime-local` input in Madrid time: "2026-07-01T10:30". */
export function instantToMadrid(iso: string): string {
  return new Date(wallClock(Date.parse(iso))).toISOString().slice(0, 16);
}

/** "1 jul 2026, 10:30" in the page's language, in Madrid time. */
export function formatMadrid(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone: MADRID, dateStyle: "medium", timeStyle: "short" }).format(
    new Date(iso),
  );
}
