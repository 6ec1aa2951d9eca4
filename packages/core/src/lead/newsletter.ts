import { randomBytes } from "node:crypto";
import { PRODUCT_NAME } from "../brand.ts";
import type { MailMessage, MailTransport } from "../mail/mail-transport.ts";
import type { Language } from "../site/languages.ts";
import type { Translate } from "../site/translate.ts";
import { CURRENT_CONSENT_VERSION } from "./newsletter-consent.ts";
import type { ConsentRecord, Subscriber, SuppressionReason } from "./lead.ts";
import { normalizeEmail } from "./lead.ts";
import type { NewsletterRequest } from "./lead-schemas.ts";
import type { SubscriptionStore } from "./newsletter-store.ts";

/** A pending subscription gets at most one confirmation mail per this long (no mail bombing). */
export const CONFIRMATION_RESEND_MS = 24 * 3600_000;
/** A pending subscription never confirmed is deleted (TTL) this long after its last request. */
export const PENDING_RETENTION_MS = 30 * 24 * 3600_000;
/** How long a confirmation link works. */
export const CONFIRMATION_LINK_DAYS = 7;

/** The path of the confirmation page in a language; the token travels in the query. */
export function confirmationPath(language: Language, token: string): string {
  return `/${language}/newsletter/confirmar?token=${encodeURIComponent(token)}`;
}

/** The unsubscribe page of a language, for the visible link of every newsletter mail. */
export function unsubscribePath(language: Language, token: string): string {
  return `/${language}/newsletter/baja?token=${encodeURIComponent(token)}`;
}

/** The one-click endpoint (RFC 8058) a mailbox provider POSTs `List-Unsubscribe=One-Click` to. */
export function oneClickUnsubscribePath(token: string): string {
  return `/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
}

/**
 * What every newsletter mail carries to let its reader go (docs/decisions/0162-one-click-unsubscribe.md):
 * the RFC 8058 headers, whose URL a mailbox provider POSTs to, and a visible link to the
 * unsubscribe page in the mail's language.
 */
export function leaveOptions(
  siteUrl: string,
  language: Language,
  unsubscribeToken: string,
): { headers: Record<string, string>; pageLink: string } {
  return {
    headers: {
      "List-Unsubscribe": `<${siteUrl}${oneClickUnsubscribePath(unsubscribeToken)}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
    pageLink: siteUrl + unsubscribePath(language, unsubscribeToken),
  };
}

/**
 * The confirmation mail, in the subscriber's language: our words and the links, nothing typed
 * by anyone. It carries the unsubscribe options too: whoever got it without asking can say
 * "never again" at once.
 */
export function confirmationMessage(
  t: Translate,
  to: string,
  link: string,
  leave: ReturnType<typeof leaveOptions>,
): MailMessage {
  const subject = t("newsletterMail.confirmSubject", { product: PRODUCT_NAME });
  const text = [
    t("newsletterMail.confirmText", {
      product: PRODUCT_NAME,
      link,
      duration: t("newsletterMail.linkDays", { count: CONFIRMATION_LINK_DAYS }),
    }),
    "",
    t("newsletterMail.unsubscribeFooter", { link: leave.pageLink }),
  ].join("\n");
  return { to, subject, text, headers: leave.headers, fields: { subject, body: text, to_email: to } };
}

export interface NewsletterSettings {
  siteUrl: string;
  clock: () => Date;
  /** Signs a confirmation token (`newsletter-tokens.server.ts`, with the server's secret). */
  signConfirmation: (email: string, nonce: string, expiresAt: Date) => string;
  /** Signs an unsubscribe token (idem). */
  signUnsubscribe: (email: string) => string;
  /** The mail strings of a language (`locales/*.json`, `newsletterMail`). */
  strings: (language: Language) => Translate;
  log?: (message: string) => void;
}

export type ConfirmOutcome =
  | { result: "confirmed"; language: Language }
  /** The link was used already (the subscription is confirmed, or was left since). */
  | { result: "used" }
  /** Nothing pending for this link: the subscription expired or never existed. */
  | { result: "unknown" };

/**
 * Double opt-in (docs/decisions/0160-newsletter-double-opt-in.md). `subscribe` answers the
 * same whatever the address's state, so the answer tells nobody whether an address is
 * subscribed: a confirmed one gets no mail, a pending one at most one per
 * `CONFIRMATION_RESEND_MS`.
 */
export class NewsletterSubscriptions {
  constructor(
    private readonly store: SubscriptionStore,
    private readonly transport: MailTransport,
    private readonly settings: NewsletterSettings,
  ) {}

  /** Records the request with its consent and mails a confirmation when one is due; true when mailed. */
  async subscribe(
    request: Pick<NewsletterRequest, "email" | "language" | "page" | "consentVersion">,
    context: { leadId: string; client: string; page?: string },
  ): Promise<boolean> {
    const now = this.settings.clock();
    const email = normalizeEmail(request.email);
    const consent: ConsentRecord = {
      at: now.toISOString(),
      page: request.page ?? context.page ?? "",
      language: request.language,
      textVersion: request.consentVersion ?? CURRENT_CONSENT_VERSION,
      client: context.client,
    };
    const expiresAt = Math.ceil((now.getTime() + PENDING_RETENTION_MS) / 1000);
    const nonce = randomBytes(16).toString("base64url");
    let stored = await this.store.findSubscription(email);
    if (!stored) {
      const subscriber: Subscriber = {
        email,
        language: request.language,
        createdAt: consent.at,
        leadId: context.leadId,
        state: "pending",
        consent,
      };
      // Lost a race with a concurrent request: go on as a repeated one.
      if (!(await this.store.createPending(subscriber, nonce, expiresAt)))
        stored = await this.store.findSubscription(email);
    }
    if (stored) {
      // A confirmed address needs no mail; a suppressed one gets none, ever (decision 0167).
      if (stored.subscriber.state === "confirmed" || stored.subscriber.state === "suppressed") return false;
      const renewed = await this.store.renewRequest(email, {
        language: request.language,
        consent,
        nonce,
        ...(stored.subscriber.legacy ? {} : { expiresAt }),
      });
      if (!renewed) return false;
    }
    return this.mailConfirmation(email, request.language, now);
  }

  private async mailConfirmation(email: string, language: Language, now: Date): Promise<boolean> {
    const nonce = await this.store.claimConfirmationMail(email, now, CONFIRMATION_RESEND_MS);
    if (!nonce) return false;
    const expires = new Date(now.getTime() + CONFIRMATION_LINK_DAYS * 24 * 3600_000);
    const link =
      this.settings.siteUrl + confirmationPath(language, this.settings.signConfirmation(email, nonce, expires));
    const leave = leaveOptions(this.settings.siteUrl, language, this.settings.signUnsubscribe(email));
    const message = confirmationMessage(this.settings.strings(language), email, link, leave);
    try {
      await this.transport.send(message, `confirm-${now.getTime()}-${nonce}`);
      return true;
    } catch (error) {
      // The visitor is answered the same; giving the claim back lets the next request mail again.
      (this.settings.log ?? console.warn)(
        `Newsletter confirmation by ${this.transport.name} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      await this.store.releaseConfirmationMail(email, now);
      return false;
    }
  }

  /** The POST of the confirmation page, with a token whose signature and expiry were checked. */
  async confirm(email: string, nonce: string): Promise<ConfirmOutcome> {
    const stored = await this.store.findSubscription(email);
    if (!stored) return { result: "unknown" };
    if (await this.store.confirm(email, nonce, this.settings.clock()))
      return { result: "confirmed", language: stored.subscriber.language };
    return stored.nonce === nonce || stored.subscriber.state !== "pending" ? { result: "used" } : { result: "unknown" };
  }

  /** Immediate and idempotent; false when the address has no subscription. */
  async unsubscribe(email: string): Promise<boolean> {
    return this.store.unsubscribe(normalizeEmail(email), this.settings.clock());
  }

  /**
   * SES reported a permanent bounce or a complaint for the address: it gets nothing more, and
   * neither subscribing again nor leaving changes that (docs/decisions/0167-bounces-and-complaints.md).
   */
  async suppress(email: string, reason: SuppressionReason, at: Date): Promise<boolean> {
    return this.store.suppress(normalizeEmail(email), reason, at);
  }
}
