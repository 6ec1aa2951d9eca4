import { newsletterLead } from "@codcrm/core/lead/lead";
import type { NewsletterResponse } from "@codcrm/core/lead/lead-api";
import { newsletterRequestSchema } from "@codcrm/core/lead/lead-schemas";
import { json, parseWith, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";
import { countFormPost, deliverNow } from "../lead/form-posts.ts";

/**
 * A newsletter subscription, idempotent: the subscriber item and the notice to the team are
 * both keyed by the address, so subscribing again (or twice at once) answers the same and
 * mails nothing more. Each write is repeated on every post, so a crash between them heals
 * on the next one (or the retry job sends the stored notice).
 */
export const route: RouteHandler = async (request, deps) => {
  const input = parseWith(newsletterRequestSchema, request.body);
  const now = deps.clock();
  await countFormPost(await deps.newsletterPosts(), request.sourceIp, now);
  const spam = Boolean(input.website);
  const lead = newsletterLead(input, now, spam);
  if (!spam)
    await (
      await deps.leads()
    ).subscribe({
      email: input.email,
      language: input.language,
      createdAt: lead.createdAt,
      leadId: lead.id,
    });
  await (await deps.leads()).create(lead);
  if (!spam) await deliverNow(deps, lead.id);
  return json(200, { status: "subscribed" } satisfies NewsletterResponse);
};

export const handler = lambda(route);
