import { SESv2Client, SendEmailCommand } from "@aws-sdk/client-sesv2";
import {
  DeliveryFailure,
  type DeliveryErrorCode,
  type MailMessage,
  type MailTransport,
  type SentMail,
} from "./mail-transport.ts";
import type { composeMime } from "./mime.ts";

/** What composes a message with an HTML part as MIME: `composeMime` of ./mime.ts. */
export type ComposeMime = typeof composeMime;

export interface SesSettings {
  region: string;
  /** A verified identity. */
  from: string;
  /** The team's inbox; a message with its own `to` goes there instead. */
  to: string;
  timeoutMs: number;
  /**
   * Reader mail only: the configuration set whose event destination reports bounces and
   * complaints (docs/decisions/0167-bounces-and-complaints.md). The team's own inbox is never
   * suppressed, so its notices go without one.
   */
  configurationSet?: string;
  /**
   * Where mail with an HTML part (an article to its subscribers) is sent: `composeMime` of
   * ./mime.ts, which SES is handed as a raw message. Given by the one job that sends such mail,
   * never imported here: nodemailer's composer is about 125 KB, and every function bundles what
   * its dependencies can reach, though most send no mail at all
   * (docs/decisions/0194-mime-composer-only-where-html-mail-goes.md).
   */
  composeMime?: ComposeMime;
}

/**
 * Amazon SES (v2 API). Headers are ours: From is the configured identity, To the team's
 * inbox (or the reader a newsletter mail is for, an address validated by the schema), Subject our own words; the visitor's address appears only as Reply-To, bare (no
 * display name), after validation. SES encodes headers itself.
 */
export class SesTransport implements MailTransport {
  readonly name = "ses";
  private readonly client: SESv2Client;

  constructor(private readonly settings: SesSettings) {
    this.client = new SESv2Client({ region: settings.region, maxAttempts: 1 });
  }

  async send(message: MailMessage): Promise<SentMail> {
    const to = message.to ?? this.settings.to;
    // A message with an HTML part leaves as the MIME nodemailer composes (its headers inside):
    // the bytes a test parses back are the bytes SES sends (docs/decisions/0164-article-mail.md).
    const command = message.html ? await this.raw(message, to) : this.simple(message, to);
    try {
      const result = await this.client.send(command, { abortSignal: AbortSignal.timeout(this.settings.timeoutMs) });
      return result.MessageId ? { providerId: result.MessageId } : {};
    } catch (error) {
      throw new DeliveryFailure(
        sesFailureCode(error),
        `SES: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`,
      );
    }
  }

  private async raw(message: MailMessage, to: string): Promise<SendEmailCommand> {
    const { composeMime } = this.settings;
    // A mistake in how the transport was made, not a delivery failure: it fails the same way every time.
    if (!composeMime) throw new Error("This SES transport was made without a MIME composer: it sends text mail only.");
    return new SendEmailCommand({
      FromEmailAddress: this.settings.from,
      ...this.configurationSet(),
      Destination: { ToAddresses: [to] },
      Content: { Raw: { Data: await composeMime(message, { from: this.settings.from, to }) } },
    });
  }

  /** Reader mail, article sends included, goes with the configuration set that reports its bounces. */
  private configurationSet(): { ConfigurationSetName?: string } {
    return this.settings.configurationSet ? { ConfigurationSetName: this.settings.configurationSet } : {};
  }

  /** A text-only message: SES builds its MIME, with our extra headers (decision 0162). */
  private simple(message: MailMessage, to: string): SendEmailCommand {
    return new SendEmailCommand({
      FromEmailAddress: this.settings.from,
      ...this.configurationSet(),
      Destination: { ToAddresses: [to] },
      ...(message.replyTo ? { ReplyToAddresses: [message.replyTo] } : {}),
      Content: {
        Simple: {
          Subject: { Data: message.subject, Charset: "UTF-8" },
          Body: { Text: { Data: message.text, Charset: "UTF-8" } },
          ...(message.headers
            ? { Headers: Object.entries(message.headers).map(([Name, Value]) => ({ Name, Value })) }
            : {}),
        },
      },
    });
  }
}

function sesFailureCode(error: unknown): DeliveryErrorCode {
  const name = error instanceof Error ? error.name : "";
  const status = (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;
  if (name === "TimeoutError" || name === "AbortError") return "timeout";
  if (name === "TooManyRequestsException" || name === "LimitExceededException" || name === "ThrottlingException")
    return "provider_throttled";
  if (name === "MessageRejected" || name === "BadRequestException" || name === "NotFoundException")
    return "provider_rejected";
  if (
    name === "AccountSuspendedException" ||
    name === "SendingPausedException" ||
    name === "MailFromDomainNotVerifiedException" ||
    name === "AccessDeniedException"
  ) {
    return "provider_blocked";
  }
  if (status !== undefined && status >= 500) return "provider_unavailable";
  if (status === undefined) return "network_error";
  return "provider_unexpected";
}
