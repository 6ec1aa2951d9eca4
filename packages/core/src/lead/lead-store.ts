import type { Lead } from "./lead.ts";

/** A sender's hold on a lead while it mails it. */
export interface Claim {
  lead: Lead;
  /** Proves to `markFailed` that this sender still holds the lead. */
  token: string;
}

export interface FailureRecord {
  code: string;
  detail: string;
  retryable: boolean;
}

/**
 * What delivering leads needs from where they are kept (`LeadRepository` in the table): a
 * claim that only one sender can hold at a time, and the outcome recorded by the holder
 * (docs/decisions/0005-lead-delivery.md).
 */
export interface DeliveryStore {
  claim(id: string, now: Date, options?: { force?: boolean }): Promise<Claim | undefined>;
  markSent(id: string, now: Date, transport: string, providerId?: string): Promise<Lead>;
  markFailed(claim: Claim, now: Date, failure: FailureRecord): Promise<Lead | undefined>;
  /** Ids of the leads due for a send at `now`, the most overdue first. */
  listDue(now: Date, limit: number): Promise<string[]>;
  /** When the oldest lead not delivered yet (due, waiting, or given up) was received. */
  oldestUndelivered(): Promise<string | undefined>;
}
