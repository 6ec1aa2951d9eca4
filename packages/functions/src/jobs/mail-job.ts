import type { Context } from "aws-lambda";
import { parseServerConfig } from "@codcrm/core/config/server-config.server";
import { deliveryMetricsLine, type DeliveryReport } from "@codcrm/core/lead/delivery-report";
import { createDeps, type Deps } from "../deps.ts";
import { boundSecrets } from "../http/route-lambda.ts";

/** A scheduled job that delivers what was stored first: what it runs, and what it reports. */
export interface MailJob<T> {
  /** What its log line of each run starts with. */
  label: string;
  run(deps: Deps, options: { deadline?: number }): Promise<T>;
  /** Its channel's report after a run (docs/decisions/0302-delivery-metrics.md). */
  report(deps: Deps, result: T): Promise<DeliveryReport>;
  /** How long one of its calls may take (default the mail's MAIL_TIMEOUT_MS): the run stops starting them that long before its end. */
  callTimeoutMs?(config: Deps["config"]): number;
}

/**
 * One run of a job: what it did is logged, then its channel's report as one Embedded Metric
 * Format line, which CloudWatch turns into the delivery metrics the alarms watch
 * (docs/decisions/0302-delivery-metrics.md). The stage names the metrics: SST gives every
 * function `SST_STAGE`.
 */
export async function runMailJob<T>(job: MailJob<T>, deps: Deps, options: { deadline?: number } = {}): Promise<T> {
  const result = await job.run(deps, options);
  console.log(`${job.label}: ${JSON.stringify(result)}`);
  const stage = process.env.SST_STAGE ?? "local";
  console.log(deliveryMetricsLine(await job.report(deps, result), { stage, now: deps.clock() }));
  return result;
}

/**
 * The Lambda handler of a scheduled job that sends mail. Its dependencies are made once per
 * container, with the secrets (JWT_SECRET, mail keys) from SST Config rather than the
 * environment; the run gets a deadline after which it starts no mail, so the last one has its
 * timeout to finish and be recorded before the function is stopped.
 */
export function mailJobHandler<T>(
  job: MailJob<T>,
): (event?: unknown, context?: Pick<Context, "getRemainingTimeInMillis">) => Promise<T> {
  let deps: Deps | undefined;
  return async (_event, context) => {
    deps ??= createDeps(parseServerConfig({ ...process.env, ...(await boundSecrets()) }));
    const deadline = context
      ? Date.now() +
        context.getRemainingTimeInMillis() -
        (job.callTimeoutMs?.(deps.config) ?? deps.config.MAIL_TIMEOUT_MS) -
        5_000
      : undefined;
    return runMailJob(job, deps, { deadline });
  };
}
