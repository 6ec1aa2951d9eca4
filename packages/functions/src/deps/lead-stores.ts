import { store, windowCounter, type Makers } from "./made.ts";

const formPostWindow = async () => (await import("@codcrm/core/lead/lead")).FORM_POST_WINDOW_MS;

/** Leads and their delivery (to the team's mail and the CRM's webhook), subscriptions, a person's data. */
export const LEAD_STORES = {
  leads: store(async () => (await import("@codcrm/core/db/lead-repository")).LeadRepository),
  subscriptions: store(async () => (await import("@codcrm/core/db/subscription-repository")).SubscriptionRepository),
  delivery: async (deps) =>
    new (await import("@codcrm/core/lead/lead-delivery")).LeadDelivery(
      await deps.leads(),
      await deps.mail(),
      deps.clock,
    ),
  leadWebhooks: store(async () => (await import("@codcrm/core/db/lead-webhook-repository")).LeadWebhookRepository),
  contactPosts: windowCounter("contact", formPostWindow),
  newsletterPosts: windowCounter("newsletter", formPostWindow),
  personalData: store(async () => (await import("@codcrm/core/db/personal-data-repository")).PersonalDataRepository),
} satisfies Makers;
