import { NewsletterSubscriptions } from "@codcrm/core/lead/newsletter";
import { signConfirmationToken, signUnsubscribeToken } from "@codcrm/core/lead/newsletter-tokens.server";
import type { Deps } from "../deps.ts";
import { newsletterStrings } from "./newsletter-strings.ts";

const made = new WeakMap<Deps, Promise<NewsletterSubscriptions>>();

/**
 * Newsletter subscriptions: double opt-in, confirmation and unsubscribe (decision 0160), made once
 * per `deps`. Not one of `deps` itself: its mail strings carry i18next, and whatever `deps.ts`
 * names, even by a dynamic import, is a chunk in every function's folder; only the functions that
 * import this file carry it (docs/decisions/0176-lean-lambda-bundles.md).
 */
export function newsletterOf(deps: Deps): Promise<NewsletterSubscriptions> {
  let newsletter = made.get(deps);
  if (!newsletter) {
    const { config, clock } = deps;
    newsletter = Promise.all([deps.subscriptions(), deps.readerMail()]).then(
      ([subscriptions, mail]) =>
        new NewsletterSubscriptions(subscriptions, mail, {
          siteUrl: config.SITE_URL,
          clock,
          signConfirmation: (email, nonce, expiresAt) =>
            signConfirmationToken(email, nonce, expiresAt, config.JWT_SECRET),
          signUnsubscribe: (email) => signUnsubscribeToken(email, config.JWT_SECRET),
          strings: newsletterStrings,
        }),
    );
    made.set(deps, newsletter);
  }
  return newsletter;
}
