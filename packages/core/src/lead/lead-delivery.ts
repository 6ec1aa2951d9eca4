import { channelReport, type DeliveryReport } from "./delivery-report.ts";
import { deliverInTurn } from "./in-turn.ts";
import { leadMessage } from "./lead-message.ts";
import { DeliveryFailure, type MailTransport } from "../mail/mail-transport.ts";
import type { Lead } from "./lead.ts";
import type { DeliveryStore } from "./lead-store.ts";

export type DeliveryOutcome =
  | { result: "sent"; lead: Lead }
  | { result: "failed"; lead: Lead; code: string; retryable: boolean }
  /** Someone else holds it, it is not due, it was sent already, or it is spam. */
  | { result: "skipped" };

export interface RetrySummary {
  due: number;
  sent: number;
  failed: number;
  skipped: number;
}

/** How many leads one page of the retry job sends at most, and so how far `Pending` counts. */
export const RETRY_PAGE = 100;

/**
 * Sends stored leads: once inline right after a form is posted, again from the retry job
 * (scheduled on AWS, at start locally) and on an administrator's request. All three go
 * through `deliver`, so the claim rules of the store (`LeadRepository`) hold for every path.
 */
export class LeadDelivery {
  constructor(
    private readonly leads: DeliveryStore,
    private readonly transport: MailTransport,
    private readonly clock: () => Date,
    private readonly log: (message: string) => void = (message) => console.warn(message),
  ) {}

  async deliver(id: string, options: { force?: boolean } = {}): Promise<DeliveryOutcome> {
    const claim = await this.leads.claim(id, this.clock(), options);
    if (!claim) return { result: "skipped" };
    try {
      const sent = await this.transport.send(leadMessage(claim.lead), claim.lead.id);
      return {
        result: "sent",
        lead: await this.leads.markSent(id, this.clock(), this.transport.name, sent.providerId),
      };
    } catch (error) {
      const failure =
        error instanceof DeliveryFailure
          ? error
          : // A bug or an unforeseen error: keep the lead retryable, the next attempt may pass.
            { code: "internal_error", detail: error instanceof Error ? error.message : String(error), retryable: true };
      this.log(`Lead ${id}: delivery by ${this.transport.name} failed (${failure.code}): ${failure.detail}`);
      const lead = await this.leads.markFailed(claim, this.clock(), failure);
      if (!lead) return { result: "skipped" };
      return { result: "failed", lead, code: failure.code, retryable: failure.retryable };
    }
  }

  /**
   * Sends every lead that is due, one after the other (providers throttle bursts). With a
   * `deadline` (epoch ms, wall time) no send starts after it: a function stopped by its
   * timeout would leave a claim to lapse instead of a result. What is left waits for the next run.
   */
  async retryDue(options: { limit?: number; deadline?: number } = {}): Promise<RetrySummary> {
    const ids = await this.leads.listDue(this.clock(), options.limit ?? RETRY_PAGE);
    const counts = await deliverInTurn(ids, async (id) => (await this.deliver(id)).result, options.deadline);
    return { due: ids.length, sent: counts.sent ?? 0, failed: counts.failed ?? 0, skipped: counts.skipped ?? 0 };
  }

  /**
   * The mail channel's report after a run that sent `delivered` leads: what is still due, and
   * the oldest lead not delivered yet (docs/decisions/0302-delivery-metrics.md).
   */
  async report(delivered: number): Promise<DeliveryReport> {
    return channelReport("lead-mail", this.leads, this.clock(), RETRY_PAGE, delivered);
  }
}
