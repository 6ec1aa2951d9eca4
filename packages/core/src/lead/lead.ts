import { createHash, randomUUID } from "node:crypto";
import type { LeadLanguage, LeadRequest, NewsletterRequest } from "./lead-schemas.ts";
import type { LeadInbox } from "./lead-inbox.ts";
import type { LeadSource } from "./lead-source.ts";

/**
 * A lead is one message for the team: a contact request, a trial request, or the notice of
 * a new newsletter subscriber. It is stored before anything is sent and carries its
 * delivery state, so no request is lost when the mail provider fails.
 *
 *   pending ──claim──▶ sending ──▶ sent
 *      ▲                  │
 *      └── failed ◀───────┘   (a failed one is claimed again by a retry; a `sending`
 *                              whose lease ran out counts as failed: the sender crashed)
 *   spam: a filled honeypot; stored for a while, never sent.
 */
export type LeadKind = "contact" | "trial" | "newsletter";
export type DeliveryState = "pending" | "sending" | "sent" | "failed" | "spam";

export interface Delivery {
  state: DeliveryState;
  /** Sending attempts so far (claims). */
  attempts: number;
  /** Failure code of the last attempt (see `mail-transport.ts`). */
  lastError?: string;
  /** Provider detail of the last failure, for the operator (never shown to visitors). */
  lastErrorDetail?: string;
  /** When the retry job may try again; absent when it will not (sent, spam, given up). */
  nextAttemptAt?: string;
  /** While `sending`: when the claim lapses if the sender never reports back. */
  leaseUntil?: string;
  sentAt?: string;
  /** Which transport sent it (outbox, emailjs, ses). */
  transport?: string;
  /** The provider's message id, when it gives one (SES). */
  providerId?: string;
}

export interface Lead {
  id: string;
  kind: LeadKind;
  /** Absent for newsletter notices. */
  name?: string;
  email: string;
  message?: string;
  company?: string;
  phone?: string;
  language: LeadLanguage;
  createdAt: string;
  delivery: Delivery;
  inbox: LeadInbox;
  /** What brought it: the visit's entry page, articles, referrer and UTM (absent on leads stored before, or without one). */
  source?: LeadSource;
}

/**
 * A newsletter subscription (docs/decisions/0160-newsletter-double-opt-in.md):
 *
 *   (none) ──subscribe──▶ pending ──confirm (the mail's link, a POST)──▶ confirmed
 *                            │ ▲                                           │
 *            30 days, TTL ◀──┘ └──────────── subscribe ◀── unsubscribed ◀──┘ (one click)
 *
 *   any state ──hard bounce or complaint (SES)──▶ suppressed: final, nothing leaves it
 *   (docs/decisions/0167-bounces-and-complaints.md)
 */
export type SubscriptionState = "pending" | "confirmed" | "unsubscribed" | "suppressed";

/** Why an address gets no more mail: SES reported a permanent bounce or a complaint. */
export type SuppressionReason = "bounce" | "complaint";

/** What proves that the address's owner asked: kept with the subscription. */
export interface ConsentRecord {
  /** When the form was posted. */
  at: string;
  /** The page the form was on (path), empty when the client did not say. */
  page: string;
  language: LeadLanguage;
  /** The version of the consent text the form showed (`newsletter-consent.ts`). */
  textVersion: string;
  /** The client's address, hashed as view windows hash it. */
  client: string;
}

export interface Subscriber {
  email: string;
  language: LeadLanguage;
  createdAt: string;
  /** The lead that tells the team about this subscriber. */
  leadId: string;
  state: SubscriptionState;
  /**
   * Stored before subscriptions needed a confirmation, without a consent record: read as
   * pending, never sent to until its owner confirms (decision 0160).
   */
  legacy?: true;
  /** The latest request's consent record. */
  consent?: ConsentRecord;
  /** When the last confirmation mail was sent. */
  confirmationSentAt?: string;
  confirmedAt?: string;
  unsubscribedAt?: string;
  /** When SES first reported the address as undeliverable or complaining (state `suppressed`). */
  suppressedAt?: string;
  suppressionReason?: SuppressionReason;
}

/** Form posts (contact or trial; newsletter counted apart) one client may make per window. */
export const FORM_POSTS_PER_WINDOW = 5;
export const FORM_POST_WINDOW_MS = 3600_000;

/** Attempts the retry job makes on its own; after that only an administrator retries. */
export const MAX_AUTOMATIC_ATTEMPTS = 8;
/** Longer than any send can take (transport timeout, function timeout), so a live claim is never taken over. */
export const SENDING_LEASE_MS = 2 * 60_000;
/** Spam is kept this long (for a look at what bots send), then expires. */
export const SPAM_RETENTION_MS = 30 * 24 * 3600_000;

const BACKOFF_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000, 3 * 3600_000, 6 * 3600_000, 12 * 3600_000];

/** When to try again after `attempts` failed attempts, or undefined to stop trying on its own. */
export function nextAttemptAfter(attempts: number, now: Date, retryable: boolean): string | undefined {
  if (!retryable || attempts >= MAX_AUTOMATIC_ATTEMPTS) return undefined;
  const wait = BACKOFF_MS[Math.min(attempts, BACKOFF_MS.length) - 1] ?? BACKOFF_MS[0]!;
  return new Date(now.getTime() + wait).toISOString();
}

export function newLead(request: LeadRequest, now: Date, spam: boolean): Lead {
  const createdAt = now.toISOString();
  return {
    id: randomUUID(),
    kind: request.kind,
    name: request.name,
    email: request.email,
    message: request.message,
    ...(request.kind === "trial" ? { company: request.company, phone: request.phone } : {}),
    language: request.language,
    createdAt,
    delivery: initialDelivery(createdAt, spam),
    inbox: { state: "new" },
    ...(request.source ? { source: request.source } : {}),
  };
}

/**
 * The notice of a new subscriber. Its id follows from the address, so however often (or
 * concurrently) someone subscribes, there is one notice and so at most one mail.
 */
export function newsletterLead(request: NewsletterRequest, now: Date, spam: boolean): Lead {
  const createdAt = now.toISOString();
  return {
    id: spam ? randomUUID() : newsletterLeadId(request.email),
    kind: "newsletter",
    email: request.email,
    language: request.language,
    createdAt,
    delivery: initialDelivery(createdAt, spam),
    inbox: { state: "new" },
    ...(request.source ? { source: request.source } : {}),
  };
}

export function newsletterLeadId(email: string): string {
  return `newsletter-${addressHash(email).slice(0, ADDRESS_HASH_IN_KEYS)}`;
}

/**
 * The SHA-256 of an address (normalized), in hex: what an item's key may carry instead of the
 * address itself (the newsletter notice's id carries its first 32 characters), and what an
 * erasure record keeps (docs/decisions/0168-personal-data-export-and-erasure.md). An item
 * whose key holds the address or this hash's first 32 characters belongs to that person.
 */
export function addressHash(email: string): string {
  return createHash("sha256").update(normalizeEmail(email)).digest("hex");
}

/** How much of `addressHash` a key carries. */
export const ADDRESS_HASH_IN_KEYS = 32;

/** Addresses differ only in case in practice: one subscriber per mailbox. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function initialDelivery(createdAt: string, spam: boolean): Delivery {
  return spam ? { state: "spam", attempts: 0 } : { state: "pending", attempts: 0, nextAttemptAt: createdAt };
}
