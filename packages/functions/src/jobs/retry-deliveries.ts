import type { Context } from "aws-lambda";
import { parseServerConfig } from "@codcrm/core/config/server-config";
import type { RetrySummary } from "@codcrm/core/lead/lead-delivery";
import { createDeps, type Deps } from "../deps.ts";

/**
 * Sends the leads whose delivery is due: new ones whose inline attempt never reported back,
 * failed ones whose back-off has passed, and ones whose sender crashed. Scheduled on AWS
 * (`handler`), run at start by the local server (`retryDeliveries`).
 */
export function retryDeliveries(deps: Deps, options: { limit?: number; deadline?: number } = {}): Promise<RetrySummary> {
  return deps.delivery.retryDue(options);
}

let deps: Deps | undefined;

export async function handler(_event?: unknown, context?: Pick<Context, "getRemainingTimeInMillis">): Promise<RetrySummary> {
  deps ??= createDeps(parseServerConfig(process.env));
  // Leave room for the last send to finish (its timeout) and be recorded.
  const deadline = context ? Date.now() + context.getRemainingTimeInMillis() - deps.config.MAIL_TIMEOUT_MS - 5_000 : undefined;
  const summary = await retryDeliveries(deps, { deadline });
  console.log(`Deliveries retried: ${JSON.stringify(summary)}`);
  return summary;
}
