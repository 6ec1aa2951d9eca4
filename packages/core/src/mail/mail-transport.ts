/**
 * How a lead leaves the building. A transport sends one message or throws a
 * `DeliveryFailure` saying why and whether trying again later can help.
 */
export interface MailMessage {
  /**
   * A reader's validated address (newsletter mail: a confirmation, an article); absent, the
   * mail goes to the team's inbox (MAIL_TO). Such mails leave only by the reader transport
   * (`createReaderTransport`, docs/decisions/0161-reader-mail-transport.md).
   */
  to?: string;
  /** Our own text only: never visitor input (it becomes a header). */
  subject: string;
  /** Plain-text body; visitor input lives here. */
  text: string;
  /**
   * An HTML part beside `text` (an article sent to subscribers), made by the mail library
   * (`lead/article-mail.ts`): with it the message leaves as MIME composed by `mail/mime.ts`.
   */
  html?: string;
  /** The visitor's validated address, the only visitor value allowed in a header. */
  replyTo?: string;
  /** The same content as named fields, for providers that render their own template (EmailJS). */
  fields: Record<string, string>;
  /**
   * Extra headers of our own making (a newsletter mail's `List-Unsubscribe` and
   * `List-Unsubscribe-Post`, RFC 8058): never visitor input. SES adds them to the message it
   * builds; the outbox keeps them.
   */
  headers?: Record<string, string>;
}

export interface SentMail {
  /** The provider's id for the message, when it gives one. */
  providerId?: string;
}

export interface MailTransport {
  readonly name: "outbox" | "emailjs" | "ses";
  /** `key` identifies the lead: the same key is the same message (the outbox keeps one copy). */
  send(message: MailMessage, key: string): Promise<SentMail>;
}

/**
 * Why a send failed. Retryable ones are tried again by the retry job with back-off; the
 * others need a change of configuration first, so only an administrator's retry resends them.
 *
 * | code                  | cause                                              | retryable |
 * |-----------------------|----------------------------------------------------|-----------|
 * | provider_rejected     | EmailJS 400 / SES rejects the message: bad ids, template or address | no |
 * | provider_blocked      | EmailJS 403 (blocked value, API access off, bad key) / SES account paused | no |
 * | provider_throttled    | EmailJS 429 / SES throttling                       | yes       |
 * | provider_unavailable  | EmailJS 451 (its headless browser unavailable), 5xx | yes      |
 * | provider_unexpected   | any other status, or 200 without the body 'OK'     | yes       |
 * | network_error         | refused or dropped connection (EmailJS status 0)   | yes       |
 * | timeout               | no answer within MAIL_TIMEOUT_MS                   | yes       |
 *
 * A lead can also record `internal_error` (retryable): an unforeseen error in our own code.
 */
export type DeliveryErrorCode =
  | "provider_rejected"
  | "provider_blocked"
  | "provider_throttled"
  | "provider_unavailable"
  | "provider_unexpected"
  | "network_error"
  | "timeout";

const RETRYABLE: Record<DeliveryErrorCode, boolean> = {
  provider_rejected: false,
  provider_blocked: false,
  provider_throttled: true,
  provider_unavailable: true,
  provider_unexpected: true,
  network_error: true,
  timeout: true,
};

export class DeliveryFailure extends Error {
  override name = "DeliveryFailure";
  readonly retryable: boolean;

  constructor(
    readonly code: DeliveryErrorCode,
    /** For the operator: status and provider text, shortened. */
    readonly detail: string,
  ) {
    super(`${code}: ${detail}`);
    this.retryable = RETRYABLE[code];
  }
}
