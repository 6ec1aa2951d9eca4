import { ArticleSender } from "@codcrm/core/article/article-send-job";
import { signUnsubscribeToken } from "@codcrm/core/lead/newsletter-tokens.server";
import { createReaderTransport } from "@codcrm/core/mail/create-transport";
import { composeMime } from "@codcrm/core/mail/mime";
import type { Deps } from "../deps.ts";
import { newsletterStrings } from "../lead/newsletter-strings.ts";
import { mailJobHandler, type MailJob } from "./mail-job.ts";

/**
 * The job that sends an article to the confirmed subscribers of its language, one per set of
 * dependencies. It lives here, not in `deps.ts`: the mail library it renders with is several
 * megabytes, and the MIME composer it sends with about 125 KB, and only the functions that
 * import this file bundle them (docs/decisions/0176-lean-lambda-bundles.md, 0194).
 */
const senders = new WeakMap<Deps, Promise<ArticleSender>>();

function articleSender(deps: Deps): Promise<ArticleSender> {
  let sender = senders.get(deps);
  if (!sender) {
    sender = (async () => {
      const { config } = deps;
      // The readers' transport, with what composes an HTML mail as MIME for SES: only this job
      // sends such mail, so only the functions that import this file bundle the composer
      // (docs/decisions/0194-mime-composer-only-where-html-mail-goes.md).
      const mail = createReaderTransport(config, await deps.outbox(), deps.clock, composeMime);
      return new ArticleSender(await deps.articles(), await deps.articleSends(), mail, {
        siteUrl: config.SITE_URL,
        rate: config.NEWSLETTER_SEND_RATE,
        clock: deps.clock,
        strings: newsletterStrings,
        signUnsubscribe: (email) => signUnsubscribeToken(email, config.JWT_SECRET),
      });
    })();
    // A failed attempt (the store not reachable yet) is tried again on the next call.
    sender.catch(() => senders.delete(deps));
    senders.set(deps, sender);
  }
  return sender;
}

/**
 * Sends the articles whose send is due: asked for by the administrator (at once, or at a
 * scheduled article's `publishAt`), or stopped before the end (a deadline, the provider's
 * throttling, a crash). Scheduled every minute on AWS (`handler`); run by the local server at
 * start and every minute (docs/decisions/0163-article-sends.md). Answers what each send's run
 * came to, and how many mails this call sent.
 */
export async function sendDueArticles(deps: Deps, options: { deadline?: number } = {}) {
  const sender = await articleSender(deps);
  const before = sender.mailsSent;
  const ran = await sender.runDue(options);
  return { ran, sent: sender.mailsSent - before };
}

/**
 * One send, right after the administrator asked for it, in this process and in the background
 * (the local server; on AWS the scheduled job above drains it, so a request never sends).
 */
export function sendArticleInBackground(deps: Deps, articleId: string): void {
  void articleSender(deps)
    .then((sender) => sender.run(articleId))
    .catch((error: unknown) =>
      console.error(`Sending article ${articleId}: ${error instanceof Error ? error.message : String(error)}`),
    );
}

/** The scheduled job: the due sends, then the article channel's report (sends still due, since when). */
export const articleSendJob: MailJob<Awaited<ReturnType<typeof sendDueArticles>>> = {
  label: "Article sends",
  run: sendDueArticles,
  report: async (deps, { sent }) => (await articleSender(deps)).report(sent),
};

export const handler = mailJobHandler(articleSendJob);
