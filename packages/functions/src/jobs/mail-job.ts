import type { Context } from "aws-lambda";
import { parseServerConfig } from "@codcrm/core/config/server-config.server";
import { createDeps, type Deps } from "../deps.ts";
import { boundSecrets } from "../http/lambda.ts";

/**
 * The Lambda handler of a scheduled job that sends mail. Its dependencies are made once per
 * container, with the secrets (JWT_SECRET, mail keys) from SST Config rather than the
 * environment; `run` gets a deadline after which it starts no mail, so the last one has its
 * timeout to finish and be recorded before the function is stopped. What it did is logged.
 */
export function mailJobHandler<T>(
  label: string,
  run: (deps: Deps, options: { deadline?: number }) => Promise<T>,
): (event?: unknown, context?: Pick<Context, "getRemainingTimeInMillis">) => Promise<T> {
  let deps: Deps | undefined;
  return async (_event, context) => {
    deps ??= createDeps(parseServerConfig({ ...process.env, ...(await boundSecrets()) }));
    const deadline = context
      ? Date.now() + context.getRemainingTimeInMillis() - deps.config.MAIL_TIMEOUT_MS - 5_000
      : undefined;
    const result = await run(deps, { deadline });
    console.log(`${label}: ${JSON.stringify(result)}`);
    return result;
  };
}
