import type { RetrySummary } from "@codcrm/core/lead/lead-delivery";
import type { Deps } from "../deps.ts";
import { mailJobHandler, type MailJob } from "./mail-job.ts";

/**
 * Sends the leads whose delivery is due: new ones whose inline attempt never reported back,
 * failed ones whose back-off has passed, and ones whose sender crashed. Scheduled on AWS
 * (`handler`), run at start by the local server (`retryDeliveries`).
 */
export async function retryDeliveries(
  deps: Deps,
  options: { limit?: number; deadline?: number } = {},
): Promise<RetrySummary> {
  return (await deps.delivery()).retryDue(options);
}

/** The scheduled job: the retries, then the mail channel's report (leads still due, the oldest not delivered). */
export const deliveryRetryJob: MailJob<RetrySummary> = {
  label: "Deliveries retried",
  run: retryDeliveries,
  report: async (deps, summary) => (await deps.delivery()).report(summary.sent),
};

export const handler = mailJobHandler(deliveryRetryJob);
