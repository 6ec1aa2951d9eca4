import type { RetrySummary } from "@codcrm/core/lead/lead-delivery";
import type { Deps } from "../deps.ts";
import { mailJobHandler } from "./mail-job.ts";

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

export const handler = mailJobHandler("Deliveries retried", retryDeliveries);
