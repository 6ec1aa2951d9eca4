import { newsletterLead } from "@codcrm/core/lead/lead";
import type { NewsletterResponse } from "@codcrm/core/lead/lead-api";
import { newsletterRequestSchema } from "@codcrm/core/lead/lead-schemas";
import { ANALYTICS_STORES } from "../deps/analytics-stores.ts";
import { LEAD_STORES } from "../deps/lead-stores.ts";
import { MAIL_STORES } from "../deps/mail-stores.ts";
import { json, parseWith, type RouteHandler } from "../http/api.ts";
import { hashedClient } from "../http/client-hash.ts";
import { visitorLambda } from "../http/visitor-lambda.ts";
import { afterLeadStored, countFormPost, deliverNow } from "../lead/form-posts.ts";
import { newsletterOf } from "../lead/newsletter-service.ts";

/**
 * A newsletter subscription request (docs/decisions/0160-newsletter-double-opt-in.md): stored
 * as pending with its consent record, and one confirmation mail to the address when one is
 * due. The answer is the same whatever the address's state (pending, confirmed, unknown), so
 * it tells nobody who is subscribed. The team's notice is keyed by the address, as before:
 * one notice however often someone subscribes.
 */
export const route: RouteHandler = async (request, deps) => {
  const input = parseWith(newsletterRequestSchema, request.body);
  const now = deps.clock();
  await countFormPost(await deps.newsletterPosts(), request.sourceIp, now);
  const spam = Boolean(input.website);
  const lead = newsletterLead(input, now, spam);
  if (!spam)
    await (
      await newsletterOf(deps)
    ).subscribe(input, {
      leadId: lead.id,
      client: hashedClient(request.sourceIp),
      page: refererPath(request.headers.referer, deps.config.SITE_URL),
    });
  const created = await (await deps.leads()).create(lead);
  // A repeated subscription finds its notice stored: nothing new to deliver or count.
  if (!spam && created) await afterLeadStored(deps, lead);
  if (!spam) await deliverNow(deps, lead.id);
  return json(200, { status: "subscribed" } satisfies NewsletterResponse);
};

/** The path of the page that posted, when the body does not say and the browser sent our own referrer. */
function refererPath(referer: string | undefined, siteUrl: string): string | undefined {
  if (!referer) return undefined;
  try {
    const url = new URL(referer);
    return url.origin === new URL(siteUrl).origin ? url.pathname.slice(0, 300) : undefined;
  } catch {
    return undefined;
  }
}

export const handler = visitorLambda(route, LEAD_STORES, MAIL_STORES, ANALYTICS_STORES);
