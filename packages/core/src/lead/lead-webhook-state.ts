/**
 * A lead's delivery to the CRM as stored, and when it is tried again
 * (docs/decisions/0405-lead-webhook.md): apart from `lead-webhook.ts`, whose signing library the
 * store (which every function may reach) must not carry.
 */
export type WebhookState = "pending" | "sending" | "delivered" | "failed" | "given-up";

export interface WebhookAttempt {
  at: string;
  /** The receiver's HTTP status, when it answered. */
  status?: number;
  /** Why it failed: `http_{status}`, `timeout`, `network` (and a short detail). */
  error?: string;
  /** How long the request took. */
  ms: number;
  /** Asked for by an administrator ("send again"), not by the job. */
  manual?: true;
}

export interface WebhookDelivery {
  leadId: string;
  state: WebhookState;
  attempts: WebhookAttempt[];
  /** When the job may try again (pending, failed). */
  nextAttemptAt?: string;
  deliveredAt?: string;
}

/** The job tries this long after the lead arrived, then waits for an administrator. */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 3600_000;
/** Longer than a request can take (its timeout, the function's), so a live claim is never taken over. */
export const WEBHOOK_LEASE_MS = 2 * 60_000;
/** The waits after each failed attempt (1 min, 5, 15, 30, 1 h, 2, 4, then every 8 h). */
const WEBHOOK_BACKOFF_MS = [
  60_000,
  5 * 60_000,
  15 * 60_000,
  30 * 60_000,
  3600_000,
  2 * 3600_000,
  4 * 3600_000,
  8 * 3600_000,
];

/** When to try again after `failures` failed attempts, or undefined once past the 24 hours of the lead. */
export function nextWebhookAttempt(failures: number, now: Date, leadCreatedAt: string): string | undefined {
  const wait = WEBHOOK_BACKOFF_MS[Math.min(failures, WEBHOOK_BACKOFF_MS.length) - 1] ?? WEBHOOK_BACKOFF_MS[0]!;
  const next = now.getTime() + wait;
  const end = Date.parse(leadCreatedAt) + WEBHOOK_RETRY_WINDOW_MS;
  if (now.getTime() >= end) return undefined;
  // The last try falls at the end of the 24 hours rather than past it.
  return new Date(Math.min(next, end)).toISOString();
}

/** What delivering to the CRM needs from the store (`LeadWebhookRepository`). */
export interface WebhookStore {
  /** Takes the delivery for one attempt (due, or with `force` anything not delivered nor in flight). */
  claim(leadId: string, now: Date, options?: { force?: boolean }): Promise<{ token: string } | undefined>;
  record(
    leadId: string,
    token: string,
    attempt: WebhookAttempt,
    now: Date,
    leadCreatedAt: string,
  ): Promise<WebhookDelivery | undefined>;
  get(leadId: string): Promise<WebhookDelivery | undefined>;
  listDue(now: Date, limit: number): Promise<string[]>;
  oldestUndelivered(): Promise<string | undefined>;
}
