import { LANGUAGES, type Language } from "../site/languages.ts";
import type { Subscriber, SubscriptionState } from "./lead.ts";

/**
 * The team's view of newsletter subscribers: counts per language and state, filters, and the
 * CSV of the confirmed ones (docs/decisions/0169-subscribers-view-and-csv.md).
 */

export const SUBSCRIPTION_STATES = [
  "pending",
  "confirmed",
  "unsubscribed",
  "suppressed",
] as const satisfies readonly SubscriptionState[];

export type SubscriberCounts = Record<Language, Record<SubscriptionState, number>>;

export interface SubscriberFilter {
  language?: Language;
  state?: SubscriptionState;
}

/** `GET /api/admin/subscribers[?language=&state=]`, 200. */
export interface AdminSubscribersResponse {
  /** Every subscription, per language and state, whatever the filter. */
  counts: SubscriberCounts;
  /** The subscriptions the filter keeps, newest first. */
  subscribers: Subscriber[];
}

export function countSubscribers(subscribers: readonly Subscriber[]): SubscriberCounts {
  const counts = Object.fromEntries(
    LANGUAGES.map((language) => [language, Object.fromEntries(SUBSCRIPTION_STATES.map((state) => [state, 0]))]),
  ) as SubscriberCounts;
  for (const { language, state } of subscribers) {
    const row = counts[language];
    if (row && state in row) row[state] += 1;
  }
  return counts;
}

export function filterSubscribers(subscribers: readonly Subscriber[], filter: SubscriberFilter): Subscriber[] {
  return subscribers.filter(
    (subscriber) =>
      (!filter.language || subscriber.language === filter.language) &&
      (!filter.state || subscriber.state === filter.state),
  );
}

export const SUBSCRIBERS_CSV_COLUMNS = ["email", "language", "consent_at", "confirmed_at", "consent_text_version"];

/**
 * The confirmed subscribers as CSV (RFC 4180: comma-separated, CRLF line ends, a header
 * line), with their consent date and language; other states are left out (only confirmed
 * addresses may be mailed).
 */
export function confirmedSubscribersCsv(subscribers: readonly Subscriber[]): string {
  const rows = subscribers
    .filter((subscriber) => subscriber.state === "confirmed")
    .map((subscriber) => [
      subscriber.email,
      subscriber.language,
      subscriber.consent?.at ?? "",
      subscriber.confirmedAt ?? "",
      subscriber.consent?.textVersion ?? "",
    ]);
  return [SUBSCRIBERS_CSV_COLUMNS, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

/**
 * One CSV field. Quoted when it holds a comma, a quote or a line break, quotes doubled
 * (RFC 4180). A field a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`,
 * a tab or a carriage return: OWASP's "CSV injection") gets a leading apostrophe, so opening
 * the file shows text and runs nothing.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
