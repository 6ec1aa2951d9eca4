import { newLead } from "@codcrm/core/lead/lead";
import type { ContactResponse } from "@codcrm/core/lead/lead-api";
import { leadRequestSchema } from "@codcrm/core/lead/lead-schemas";
import { ANALYTICS_STORES } from "../deps/analytics-stores.ts";
import { LEAD_STORES } from "../deps/lead-stores.ts";
import { MAIL_STORES } from "../deps/mail-stores.ts";
import { json, parseWith, type RouteHandler } from "../http/api.ts";
import { visitorLambda } from "../http/visitor-lambda.ts";
import { afterLeadStored, countFormPost, deliverNow } from "../lead/form-posts.ts";

/**
 * A contact or trial request: validated, counted against the client's limit, stored, then
 * sent once (and recorded for the CRM's webhook, and counted with what brought it). Once stored
 * the answer is success, whatever the mail provider did. A filled
 * honeypot gets the very same answer but is stored as spam and never sent.
 */
export const route: RouteHandler = async (request, deps) => {
  const input = parseWith(leadRequestSchema, request.body);
  const now = deps.clock();
  await countFormPost(await deps.contactPosts(), request.sourceIp, now);
  const lead = newLead(input, now, Boolean(input.website));
  await (await deps.leads()).create(lead);
  if (lead.delivery.state === "pending") {
    await afterLeadStored(deps, lead);
    await deliverNow(deps, lead.id);
  }
  return json(201, { status: "received" } satisfies ContactResponse);
};

export const handler = visitorLambda(route, LEAD_STORES, MAIL_STORES, ANALYTICS_STORES);
