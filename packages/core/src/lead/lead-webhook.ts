import { Webhook } from "standardwebhooks";
import { channelReport, type DeliveryReport } from "./delivery-report.ts";
import { deliverInTurn } from "./in-turn.ts";
import type { Lead } from "./lead.ts";

/**
 * A lead delivered to the CRM by a webhook signed as the Standard Webhooks specification says
 * (docs/decisions/0405-lead-webhook.md). Each lead has one delivery item, stored with the lead
 * and before any call (`LeadWebhookRepository`), so a receiver that fails loses nothing; the job
 * retries it with a growing wait for 24 hours; every attempt is kept on the item and shown on the
 * lead. The `webhook-id` is the lead's own, the same on every attempt, so a receiver that got a
 * request whose answer we never read can tell the retry is the same lead.
 *
 *   pending ──claim──▶ sending ──2xx──▶ delivered
 *      ▲                  │
 *      └── failed ◀───────┘ (not 2xx, no answer, timeout)
 *   failed and 24 h since the lead: given-up, still owed, until an administrator sends it again.
 */
export * from "./lead-webhook-state.ts";
import type { WebhookAttempt, WebhookDelivery, WebhookStore } from "./lead-webhook-state.ts";

/** The Standard Webhooks message id of a lead: the same on every attempt (the receiver's idempotency key). */
export function webhookId(leadId: string): string {
  return `lead_${leadId}`;
}

/** The event type of a new lead. */
export const LEAD_CREATED = "lead.created";

/**
 * The body posted for a lead: the specification's `type`, `timestamp` (when the lead arrived) and
 * `data` (the lead without its mail delivery's state, nor its place in the team's inbox, which is
 * the team's own: docs/decisions/0452-leads-as-an-inbox.md). The same bytes on every attempt.
 */
export function webhookPayload(lead: Lead): string {
  const { delivery: _delivery, inbox: _inbox, ...data } = lead;
  return JSON.stringify({ type: LEAD_CREATED, timestamp: lead.createdAt, data });
}

export interface SignedRequest {
  body: string;
  headers: Record<string, string>;
}

/**
 * The request for one attempt, signed with the deploy secret (`whsec_…`, base64 after the prefix)
 * by the specification's own library. The timestamp is the moment of sending, as the
 * specification asks, so a receiver can refuse a replay.
 */
export function signedWebhookRequest(lead: Lead, secret: string, sentAt: Date): SignedRequest {
  const body = webhookPayload(lead);
  const id = webhookId(lead.id);
  return {
    body,
    headers: {
      "content-type": "application/json",
      "user-agent": "CodCRM-Webhook/1",
      "webhook-id": id,
      "webhook-timestamp": String(Math.floor(sentAt.getTime() / 1000)),
      "webhook-signature": new Webhook(secret).sign(id, sentAt, body),
    },
  };
}

/** The outcome of one post: 2xx is delivered; anything else is a failure to retry. */
export type PostOutcome =
  { ok: true; status: number; ms: number } | { ok: false; status?: number; error: string; ms: number };

/** Posts one signed request, within `timeoutMs`; never throws. */
export async function postWebhook(url: string, request: SignedRequest, timeoutMs: number): Promise<PostOutcome> {
  const started = Date.now();
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: request.headers,
      body: request.body,
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    // The body is not read past a little: the answer is its status.
    await response.body?.cancel().catch(() => {});
    const ms = Date.now() - started;
    if (response.status >= 200 && response.status < 300) return { ok: true, status: response.status, ms };
    return { ok: false, status: response.status, error: `http_${response.status}`, ms };
  } catch (error) {
    const ms = Date.now() - started;
    const timeout = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    const detail = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : "";
    return { ok: false, error: timeout ? "timeout" : `network: ${detail}`.slice(0, 200), ms };
  }
}

export interface WebhookSettings {
  url: string;
  secret: string;
  timeoutMs: number;
}

export type WebhookOutcome =
  | { result: "delivered" | "failed"; delivery: WebhookDelivery }
  /** Not due, in flight elsewhere, delivered already, or the lead is gone. */
  | { result: "skipped" };

export interface WebhookRunSummary {
  due: number;
  delivered: number;
  failed: number;
  skipped: number;
}

/** How many deliveries one run of the job makes at most. */
export const WEBHOOK_PAGE = 100;

/**
 * Delivers leads to the CRM: from the job (due ones) and on an administrator's request (one,
 * at once). Both go through `deliver`, so the store's claim rules hold for every path: one
 * attempt at a time per lead, each recorded.
 */
export class LeadWebhook {
  constructor(
    private readonly store: WebhookStore,
    private readonly leadOf: (id: string) => Promise<Lead | undefined>,
    private readonly settings: WebhookSettings,
    private readonly clock: () => Date,
    private readonly log: (message: string) => void = (message) => console.warn(message),
  ) {}

  async deliver(leadId: string, options: { force?: boolean } = {}): Promise<WebhookOutcome> {
    const lead = await this.leadOf(leadId);
    if (!lead) return { result: "skipped" };
    const claim = await this.store.claim(leadId, this.clock(), options);
    if (!claim) return { result: "skipped" };
    const posted = await postWebhook(
      this.settings.url,
      signedWebhookRequest(lead, this.settings.secret, new Date()),
      this.settings.timeoutMs,
    );
    const at = this.clock();
    const attempt: WebhookAttempt = {
      at: at.toISOString(),
      ms: posted.ms,
      ...(posted.status !== undefined ? { status: posted.status } : {}),
      ...(posted.ok ? {} : { error: posted.error }),
      ...(options.force ? { manual: true as const } : {}),
    };
    if (!posted.ok) this.log(`Lead ${leadId}: webhook delivery failed (${posted.error})`);
    const delivery = await this.store.record(leadId, claim.token, attempt, at, lead.createdAt);
    if (!delivery) return { result: "skipped" };
    return { result: posted.ok ? "delivered" : "failed", delivery };
  }

  /** Every due delivery, one after the other; none starts after `deadline` (epoch ms, wall time). */
  async deliverDue(options: { limit?: number; deadline?: number } = {}): Promise<WebhookRunSummary> {
    const ids = await this.store.listDue(this.clock(), options.limit ?? WEBHOOK_PAGE);
    const counts = await deliverInTurn(ids, async (id) => (await this.deliver(id)).result, options.deadline);
    return {
      due: ids.length,
      delivered: counts.delivered ?? 0,
      failed: counts.failed ?? 0,
      skipped: counts.skipped ?? 0,
    };
  }

  /** The `lead-webhook` channel's report (docs/decisions/0302-delivery-metrics.md). */
  async report(delivered: number): Promise<DeliveryReport> {
    return channelReport("lead-webhook", this.store, this.clock(), WEBHOOK_PAGE, delivered);
  }
}
