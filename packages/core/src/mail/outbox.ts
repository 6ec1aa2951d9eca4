import type { MailMessage } from "./mail-transport.ts";

/** A mail kept by the outbox transport (no provider), as the admin area lists it. */
export interface OutboxMessage {
  /** The lead this mail is about. */
  leadId: string;
  to?: string;
  replyTo?: string;
  subject: string;
  text: string;
  /** The HTML part, when the mail has one (an article sent to subscribers). */
  html?: string;
  /** Extra headers the mail carried (List-Unsubscribe, ...). */
  headers?: Record<string, string>;
  createdAt: string;
}

/** Where the outbox transport keeps its mails (`OutboxRepository` in the table). */
export interface OutboxStore {
  /** Keeps the mail; storing the same key's mail again keeps the first copy. */
  store(leadId: string, message: MailMessage, to: string | undefined, now: Date): Promise<void>;
}
