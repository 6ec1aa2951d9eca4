import { createHash, randomBytes } from "node:crypto";
import { madridDay } from "../site/madrid-time.ts";

/**
 * Who is a unique visitor today, without a cookie and without keeping an address
 * (docs/decisions/0400-first-party-page-views.md): the SHA-256 of the day's random salt, the
 * client's address, its User-Agent and the site's host. The salt is made at the day's first view,
 * kept in the store only for its day (a TTL, and a new day's salt overwrites it) and never leaves
 * the server; once it is gone, nobody (us included) can tell which address made a hash, nor link
 * a visitor's two days.
 */
export function visitorHash(salt: string, address: string, userAgent: string, site: string): string {
  return createHash("sha256")
    .update(`${salt}\u0000${address}\u0000${userAgent}\u0000${site}`)
    .digest("base64url")
    .slice(0, 22);
}

export function newSalt(): string {
  return randomBytes(32).toString("base64url");
}

/** The Madrid day an instant falls on, as a counter partition names it: `2026-11-28`. */
export function analyticsDay(now: Date): string {
  const { year, month, day } = madridDay(now.toISOString());
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** When a Madrid day ends (the next day's midnight in Madrid), as an instant. */
export function endOfAnalyticsDay(day: string): Date {
  // Midnight in Madrid is 22:00 or 23:00 UTC the day before; search the hour after which the day changes.
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000 - 3 * 3_600_000);
  for (let hour = 0; hour < 6; hour++) {
    const candidate = new Date(next.getTime() + hour * 3_600_000);
    if (analyticsDay(candidate) !== day) return candidate;
  }
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);
}

/** Whether the request says the visitor does not want to be tracked (Global Privacy Control). */
export function asksNotToBeTracked(header: string | undefined): boolean {
  return header?.trim() === "1";
}
