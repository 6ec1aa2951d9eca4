import { LeadWebhook } from "@codcrm/core/lead/lead-webhook";
import type { Deps } from "../deps.ts";

const made = new WeakMap<Deps, Promise<LeadWebhook>>();

/**
 * Posts leads to the CRM's webhook (docs/decisions/0405-lead-webhook.md), made once per `deps`;
 * refuses to be made without LEAD_WEBHOOK_URL and LEAD_WEBHOOK_SECRET. Not one of `deps`: its
 * signing library would be a chunk in every function's folder; only the webhook job and "send
 * again" carry it (docs/decisions/0176-lean-lambda-bundles.md).
 */
export function webhookOf(deps: Deps): Promise<LeadWebhook> {
  let webhook = made.get(deps);
  if (!webhook) {
    const { LEAD_WEBHOOK_URL: url, LEAD_WEBHOOK_SECRET: secret, LEAD_WEBHOOK_TIMEOUT_MS: timeoutMs } = deps.config;
    if (!url || !secret) throw new Error("Set LEAD_WEBHOOK_URL and LEAD_WEBHOOK_SECRET to post leads to the CRM.");
    webhook = Promise.all([deps.leadWebhooks(), deps.leads()]).then(
      ([deliveries, leads]) =>
        new LeadWebhook(deliveries, (id) => leads.get(id), { url, secret, timeoutMs }, deps.clock),
    );
    made.set(deps, webhook);
  }
  return webhook;
}
