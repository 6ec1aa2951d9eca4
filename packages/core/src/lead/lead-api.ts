import type { Language } from "../site/languages.ts";
import type { OutboxMessage } from "../mail/outbox.ts";
import type { Page } from "../page.ts";
import type { Lead } from "./lead.ts";
import type { WebhookDelivery } from "./lead-webhook.ts";

/**
 * Response bodies of the lead endpoints, typed once for the handlers and the web app
 * (request bodies are the schemas of `lead-schemas.ts`). Types only: nothing here runs.
 */

/** `POST /api/contact`, 201. The same for a filled honeypot. */
export interface ContactResponse {
  status: "received";
}

/** `POST /api/newsletter`, 200. The same when already subscribed or for a filled honeypot. */
export interface NewsletterResponse {
  status: "subscribed";
}

export type AdminLeadsSection = "leads" | "spam" | "outbox";

/**
 * `GET /api/admin/leads[?section=&limit=&cursor=]`. Without `section`, the first page of
 * leads and spam, plus the outbox when it is the transport; with it, that list only. Newsletter
 * subscribers are listed by `GET /api/admin/subscribers` (`subscriber-overview.ts`).
 */
export interface AdminLeadsResponse {
  transport: "outbox" | "emailjs" | "ses";
  /** Whether leads are posted to the CRM's webhook (LEAD_WEBHOOK_URL is set). */
  webhook: boolean;
  leads?: Page<AdminLead>;
  spam?: Page<Lead>;
  outbox?: Page<OutboxListing>;
  /** The titles of the articles the listed leads' visits read, by id. */
  articleTitles?: Record<string, string>;
}

/** A lead as the admin lists it: with its delivery to the CRM, when it has one (docs/decisions/0405-lead-webhook.md). */
export type AdminLead = Lead & { webhook?: WebhookDelivery };

/**
 * `POST /api/admin/leads/{id}/webhook`, 200: the attempt made at once and the delivery after it
 * (409 `already_delivered` | `delivery_in_progress`, 404; 409 `webhook_not_configured` without a URL).
 */
export interface WebhookRetryResponse {
  delivered: boolean;
  webhook: WebhookDelivery;
}

/**
 * A kept mail in the admin's outbox list. `page` is where this client can read it rendered, as
 * a mailbox shows it, and is present only where a server shows such pages: the local server's
 * `/_outbox`, to a browser on its machine (docs/decisions/0184-outbox-links-from-the-admin.md).
 */
export type OutboxListing = OutboxMessage & { page?: string };

/** `POST /api/admin/leads/{id}/retry`, 200 (409 `already_sent` | `spam` | `delivery_in_progress`, 404). */
export interface RetryLeadResponse {
  delivered: boolean;
  lead: Lead;
  /** The failure code when `delivered` is false. */
  error?: string;
}

/**
 * `POST /api/newsletter/confirm`, 200. Refusals: 400 `invalid_token` (tampered or not a
 * link of ours) and `expired_token` (older than 7 days), 409 `token_used`; the page says each
 * in the visitor's language and offers to subscribe again.
 */
export interface NewsletterConfirmResponse {
  status: "confirmed";
  /** The subscription's language. */
  language: Language;
}
