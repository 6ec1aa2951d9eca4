import type { WindowCounter } from "@codcrm/core/db/window-counter";
import { TooManyRequestsError, secondsUntil } from "@codcrm/core/errors";
import { FORM_POSTS_PER_WINDOW } from "@codcrm/core/lead/lead";
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
