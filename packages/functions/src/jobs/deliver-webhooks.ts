import type { WebhookRunSummary } from "@codcrm/core/lead/lead-webhook";
import type { Deps } from "../deps.ts";
import { mailJobHandler, type MailJob } from "./mail-job.ts";
import { webhookOf } from "../lead/webhook-service.ts";

/**
 * Posts the leads whose delivery to the CRM is due: new ones, failed ones whose wait has passed,
 * ones whose sender crashed (docs/decisions/0405-lead-webhook.md). Scheduled every minute on AWS
 * (`handler`); the local server runs it at start, after each new lead and every minute.
 */
export async function deliverDueWebhooks(
  deps: Deps,
  options: { limit?: number; deadline?: number } = {},
): Promise<WebhookRunSummary> {
  if (!deps.config.LEAD_WEBHOOK_URL) return { due: 0, delivered: 0, failed: 0, skipped: 0 };
  return (await webhookOf(deps)).deliverDue(options);
}

/** The scheduled job: the due posts, then the `lead-webhook` channel's report (docs/decisions/0302-delivery-metrics.md). */
export const webhookJob: MailJob<WebhookRunSummary> = {
  label: "Webhook deliveries",
  run: deliverDueWebhooks,
  report: async (deps, summary) => (await webhookOf(deps)).report(summary.delivered),
  callTimeoutMs: (config) => config.LEAD_WEBHOOK_TIMEOUT_MS,
};

export const handler = mailJobHandler(webhookJob);
