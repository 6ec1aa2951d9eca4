import { ConflictError, NotFoundError } from "@codcrm/core/errors";
import type { WebhookRetryResponse } from "@codcrm/core/lead/lead-api";
import { LEAD_STORES } from "../deps/lead-stores.ts";
import { MAIL_STORES } from "../deps/mail-stores.ts";
import { json, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";
import { webhookOf } from "../lead/webhook-service.ts";

/**
 * "Send again": posts one lead to the CRM's webhook now, even one the job gave up on, and
 * answers the attempt (docs/decisions/0405-lead-webhook.md). A lead stored before the webhook was
 * set (or whose delivery could not be recorded) gets its delivery first. Never a delivered one
 * (the receiver has it), never spam, never one being posted right now.
 */
export const route: RouteHandler = async (request, deps) => {
  const id = request.params.id ?? "";
  if (id.length > 100) throw new NotFoundError("Lead not found.");
  if (!deps.config.LEAD_WEBHOOK_URL)
    throw new ConflictError(
      "No webhook is set: set LEAD_WEBHOOK_URL to post leads to the CRM.",
      "webhook_not_configured",
    );
  const lead = await (await deps.leads()).get(id);
  if (!lead) throw new NotFoundError("Lead not found.");
  if (lead.delivery.state === "spam") throw new ConflictError("Spam is never sent.", "spam");
  const deliveries = await deps.leadWebhooks();
  await deliveries.create(lead, deps.clock());
  const outcome = await (await webhookOf(deps)).deliver(id, { force: true });
  if (outcome.result !== "skipped")
    return json(200, {
      delivered: outcome.result === "delivered",
      webhook: outcome.delivery,
    } satisfies WebhookRetryResponse);
  const current = await deliveries.get(id);
  if (current?.state === "delivered")
    throw new ConflictError("This lead reached the CRM already.", "already_delivered");
  throw new ConflictError("This lead is being posted right now.", "delivery_in_progress");
};

export const handler = lambda(route, LEAD_STORES, MAIL_STORES);
