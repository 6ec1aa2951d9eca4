import type { Deps } from "../deps.ts";
import { mailJobHandler } from "./mail-job.ts";

/**
 * Sends the articles whose send is due: asked for by the administrator (at once, or at a
 * scheduled article's `publishAt`), or stopped before the end (a deadline, the provider's
 * throttling, a crash). Scheduled every minute on AWS (`handler`); run by the local server at
 * start and every minute (docs/decisions/0163-article-sends.md).
 */
export async function sendDueArticles(deps: Deps, options: { deadline?: number } = {}) {
  return (await deps.articleSender()).runDue(options);
}

export const handler = mailJobHandler("Article sends", sendDueArticles);
