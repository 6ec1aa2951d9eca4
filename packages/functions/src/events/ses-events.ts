import { parseServerConfig } from "@codcrm/core/config/server-config.server";
import { sesNotifications, suppressionsOf } from "@codcrm/core/lead/ses-events";
import { createDeps, type Deps } from "../deps.ts";
import { boundSecrets } from "../http/route-lambda.ts";
import { newsletterOf } from "../lead/newsletter-service.ts";

export interface SesEventsSummary {
  suppressed: number;
  /** Suppressions of addresses that have no subscription (nothing to mark). */
  unknown: number;
  /** Notifications from another topic, left unread. */
  foreign: number;
}

/**
 * Bounces and complaints of reader mail (docs/decisions/0167-bounces-and-complaints.md): SES
 * publishes them to an SNS topic, the topic invokes this function, and every address of a hard
 * bounce or a complaint is suppressed: it gets no more mail.
 */
export async function handleSesEvents(deps: Deps, invocation: unknown): Promise<SesEventsSummary> {
  const topicArn = deps.config.SES_EVENTS_TOPIC_ARN;
  if (!topicArn) throw new Error("SES_EVENTS_TOPIC_ARN is not set: no SES event can be trusted.");
  const { events, foreign } = sesNotifications(invocation, topicArn);
  if (foreign.length > 0) console.error(`SES events from another topic ignored: ${foreign.join(", ")}`);
  const newsletter = await newsletterOf(deps);
  const summary: SesEventsSummary = { suppressed: 0, unknown: 0, foreign: foreign.length };
  for (const event of events) {
    for (const { email, reason, at } of suppressionsOf(event, deps.clock())) {
      if (await newsletter.suppress(email, reason, at)) summary.suppressed += 1;
      else summary.unknown += 1;
    }
  }
  return summary;
}

let deps: Deps | undefined;

export async function handler(event: unknown): Promise<SesEventsSummary> {
  deps ??= createDeps(parseServerConfig({ ...process.env, ...(await boundSecrets()) }));
  const summary = await handleSesEvents(deps, event);
  console.log(`SES events: ${JSON.stringify(summary)}`);
  return summary;
}
