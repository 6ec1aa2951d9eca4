import MailComposer from "nodemailer/lib/mail-composer/index.js";
import type { MailMessage } from "./mail-transport.ts";

/**
 * A message as RFC 5322 bytes, composed by nodemailer's MailComposer: multipart/alternative
 * with the text and HTML parts, headers encoded, lines folded. Used for a message with an HTML
 * part (an article sent to subscribers), which SES takes as a raw message; nothing of MIME is
 * written here by hand (docs/decisions/0164-article-mail.md). The local outbox shows its mails
 * as this composes them (docs/decisions/0165-outbox-page.md).
 */
export async function composeMime(
  message: MailMessage,
  envelope: { from: string; to: string; date?: Date },
): Promise<Buffer> {
  const composer = new MailComposer({
    from: envelope.from,
    to: envelope.to,
    // The local outbox gives the time the mail was kept; SES's own sends take the time now.
    ...(envelope.date ? { date: envelope.date } : {}),
    subject: message.subject,
    text: message.text,
    ...(message.html ? { html: message.html } : {}),
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    ...(message.headers ? { headers: message.headers } : {}),
  });
  return composer.compile().build();
}
