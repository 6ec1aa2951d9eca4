import type { Context } from "aws-lambda";
import { parseServerConfig } from "@codcrm/core/config/server-config.server";
import { createDeps, type Deps } from "../deps.ts";
import { boundSecrets } from "../http/lambda.ts";

/**
 * Sends the articles whose send is due: asked for by the administrator (at once, or at a
 * scheduled article's `publishAt`), or stopped before the end (a deadline, the provider's
 * throttling, a crash). Scheduled every minute on AWS (`handler`); run by the local server at
 * start and every minute (docs/decisions/0163-article-sends.md).
 */
export async function sendDueArticles(deps: Deps, options: { deadline?: number } = {}) {
  return (await deps.articleSender()).runDue(options);
}

let deps: Deps | undefined;

export async function handler(_event?: unknown, context?: Pick<Context, "getRemainingTimeInMillis">) {
  // On AWS the secrets (JWT_SECRET, which signs the unsubscribe links) come from SST Config.
  deps ??= createDeps(parseServerConfig({ ...process.env, ...(await boundSecrets()) }));
  // No mail starts after this: the last one has its timeout to finish and be recorded.
  const deadline = context
    ? Date.now() + context.getRemainingTimeInMillis() - deps.config.MAIL_TIMEOUT_MS - 5_000
    : undefined;
  const ran = await sendDueArticles(deps, { deadline });
  console.log(`Article sends: ${JSON.stringify(ran)}`);
  return ran;
}
