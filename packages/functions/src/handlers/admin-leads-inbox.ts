import { leadInboxSchema } from "@codcrm/core/lead/lead-inbox-schema";
import { LEAD_STORES } from "../deps/lead-stores.ts";
import { MAIL_STORES } from "../deps/mail-stores.ts";
import { json, parseWith, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";

/**
 * A lead's place in the team's inbox, new, answered or archived, and the team's note
 * (docs/decisions/0452-leads-as-an-inbox.md): answers the lead as it is now; 404 without it.
 * Its delivery is not touched.
 */
export const route: RouteHandler = async (request, deps) => {
  const input = parseWith(leadInboxSchema, request.body);
  const lead = await (await deps.leads()).setInbox(request.params.id ?? "", input, deps.clock());
  return json(200, { lead });
};

export const handler = lambda(route, LEAD_STORES, MAIL_STORES);
