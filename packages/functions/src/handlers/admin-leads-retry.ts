import { ConflictError, NotFoundError } from "@codcrm/core/errors";
import type { RetryLeadResponse } from "@codcrm/core/lead/lead-api";
import { LEAD_STORES } from "../deps/lead-stores.ts";
import { MAIL_STORES } from "../deps/mail-stores.ts";
import { json, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";

/**
 * Sends one lead again now, even one the retry job gave up on. Never a sent one (no
 * duplicates), never spam, never one another sender holds at this moment.
 */
export const route: RouteHandler = async (request, deps) => {
  const id = request.params.id ?? "";
  if (id.length > 100) throw new NotFoundError("Lead not found.");
  const outcome = await (await deps.delivery()).deliver(id, { force: true });
  if (outcome.result === "sent") return json(200, { delivered: true, lead: outcome.lead } satisfies RetryLeadResponse);
  if (outcome.result === "failed")
    return json(200, { delivered: false, error: outcome.code, lead: outcome.lead } satisfies RetryLeadResponse);
  const lead = await (await deps.leads()).get(id);
  if (!lead) throw new NotFoundError("Lead not found.");
  if (lead.delivery.state === "sent") throw new ConflictError("This message was sent already.", "already_sent");
  if (lead.delivery.state === "spam") throw new ConflictError("Spam is never sent.", "spam");
  throw new ConflictError("This message is being sent right now.", "delivery_in_progress");
};

export const handler = lambda(route, LEAD_STORES, MAIL_STORES);
