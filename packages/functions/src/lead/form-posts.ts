import type { WindowCounter } from "@codcrm/core/db/window-counter";
import { TooManyRequestsError, secondsUntil } from "@codcrm/core/errors";
import { leadIncrements } from "@codcrm/core/analytics/counters";
import { analyticsDay } from "@codcrm/core/analytics/visitor";
import { FORM_POSTS_PER_WINDOW, type Lead } from "@codcrm/core/lead/lead";
import type { Deps } from "../deps.ts";

/**
 * Counts one form post from this client; past the limit the post is refused (429 with
 * Retry-After) before anything is stored. Spam counts too, so a bot cannot fill the table.
 */
export async function countFormPost(counter: WindowCounter, client: string, now: Date): Promise<void> {
  const window = await counter.hit(client, now);
  if (window.count > FORM_POSTS_PER_WINDOW) {
    throw new TooManyRequestsError(
      secondsUntil(window.windowEnd, now),
      "Too many messages from this connection. Try again later.",
    );
  }
}

/**
 * One delivery attempt right after the lead was stored. Whatever happens here, the visitor
 * is answered with success: the lead is safe and a failure is recorded for the retry job.
 */
export async function deliverNow(deps: Deps, leadId: string): Promise<void> {
  try {
    await (await deps.delivery()).deliver(leadId);
  } catch (error) {
    // Even recording the outcome failed: the claim's lease lapses and the retry job resends.
    console.error(`Lead ${leadId}: stored; delivery left to the retry job`, error);
  }
}

/**
 * What follows a new lead's storing (not spam): its delivery to the CRM's webhook is recorded,
 * when one is set, and handed to the poster (docs/decisions/0405-lead-webhook.md); the day's
 * counters learn its kind and what brought it (docs/decisions/0403-lead-attribution-for-the-tab.md).
 * The lead is safe already: a failure here is logged, never answered to the visitor, and "send
 * again" in the admin makes a delivery that could not be recorded.
 */
export async function afterLeadStored(deps: Deps, lead: Lead): Promise<void> {
  if (deps.config.LEAD_WEBHOOK_URL) {
    try {
      if (await (await deps.leadWebhooks()).create(lead, deps.clock())) deps.startWebhook(lead.id);
    } catch (error) {
      console.error(`Lead ${lead.id}: stored; its webhook delivery could not be recorded`, error);
    }
  }
  try {
    const created = new Date(lead.createdAt);
    await (await deps.analytics()).add(analyticsDay(created), leadIncrements(lead.kind, lead.source));
  } catch (error) {
    console.error(`Lead ${lead.id}: stored; the day's counters could not be raised`, error);
  }
}
