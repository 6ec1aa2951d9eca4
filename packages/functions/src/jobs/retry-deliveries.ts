import type { Context } from "aws-lambda";
import { parseServerConfig } from "@codcrm/core/config/server-config.server";
import type { RetrySummary } from "@codcrm/core/lead/lead-delivery";
import { createDeps, type Deps } from "../deps.ts";
import { boundSecrets } from "../http/lambda.ts";

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

let deps: Deps | undefined;

export async function handler(
  _event?: unknown,
  context?: Pick<Context, "getRemainingTimeInMillis">,
): Promise<RetrySummary> {
  // On AWS the secrets (JWT_SECRET, mail keys) come from SST Config, not the environment.
  deps ??= createDeps(parseServerConfig({ ...process.env, ...(await boundSecrets()) }));
  // Leave room for the last send to finish (its timeout) and be recorded.
  const deadline = context
    ? Date.now() + context.getRemainingTimeInMillis() - deps.config.MAIL_TIMEOUT_MS - 5_000
    : undefined;
  const summary = await retryDeliveries(deps, { deadline });
  console.log(`Deliveries retried: ${JSON.stringify(summary)}`);
  return summary;
}
