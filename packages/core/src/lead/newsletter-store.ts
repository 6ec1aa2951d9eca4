import type { ConsentRecord, Subscriber, SuppressionReason } from "./lead.ts";

/** A subscription as the store holds it: the subscriber and the nonce its confirmation link carries. */
export interface StoredSubscription {
  subscriber: Subscriber;
  /** Present while a confirmation is awaited; gone once used. */
  nonce?: string;
}

/**
 * What newsletter subscriptions need from where they are kept (`SubscriptionRepository` in
 * the table). Every change is one conditional write, so concurrent requests cannot mail twice or
 * confirm with a used link.
 */
export interface SubscriptionStore {
  findSubscription(email: string): Promise<StoredSubscription | undefined>;
  /** A new pending subscription; false when the address is stored already. */
  createPending(subscriber: Subscriber, nonce: string, expiresAt: number): Promise<boolean>;
  /**
   * A new request for a stored address that is not confirmed: pending again with this request's
   * language and consent; the nonce is set only when there is none. `expiresAt` undefined keeps
   * the item from expiring (a subscription stored before confirmations, decision 0160).
   * False when the address is confirmed meanwhile (or gone).
   */
  renewRequest(
    email: string,
    request: { language: Subscriber["language"]; consent: ConsentRecord; nonce: string; expiresAt?: number },
  ): Promise<boolean>;
  /**
   * Takes the right to send a confirmation mail now: only for a pending subscription whose last
   * mail is older than `resendAfterMs`. The stored nonce when taken, else undefined.
   */
  claimConfirmationMail(email: string, now: Date, resendAfterMs: number): Promise<string | undefined>;
  /** Gives a claim back after a failed send, so the next request may mail again. */
  releaseConfirmationMail(email: string, claimedAt: Date): Promise<void>;
  /** Pending with this nonce → confirmed; false otherwise (used, unknown, unsubscribed). */
  confirm(email: string, nonce: string, now: Date): Promise<boolean>;
  /**
   * Any stored subscription but a suppressed one → unsubscribed (again: unchanged); false when
   * none is stored or it is suppressed.
   */
  unsubscribe(email: string, now: Date): Promise<boolean>;
  /**
   * Any stored subscription → suppressed, for good: no TTL, no link that works. The first
   * report's time and reason are kept. False when the address has no subscription.
   */
  suppress(email: string, reason: SuppressionReason, at: Date): Promise<boolean>;
}
