import type { ServerConfig } from "../config/server-config.server.ts";
import type { OutboxStore } from "./outbox.ts";
import { EmailJsTransport } from "./emailjs-transport.ts";
import type { MailTransport } from "./mail-transport.ts";
import { OutboxTransport } from "./outbox-transport.ts";
import { SesTransport, type ComposeMime, type SesSettings } from "./ses-transport.ts";

/** The transport MAIL_TRANSPORT names; its settings were checked when the config was parsed. */
export function createMailTransport(config: ServerConfig, outbox: OutboxStore, clock: () => Date): MailTransport {
  switch (config.MAIL_TRANSPORT) {
    case "emailjs":
      return new EmailJsTransport({
        apiUrl: config.EMAILJS_API_URL,
        serviceId: config.EMAILJS_SERVICE_ID!,
        templateId: config.EMAILJS_TEMPLATE_ID!,
        publicKey: config.EMAILJS_PUBLIC_KEY!,
        privateKey: config.EMAILJS_PRIVATE_KEY!,
        to: config.MAIL_TO,
        timeoutMs: config.MAIL_TIMEOUT_MS,
      });
    case "ses":
      return new SesTransport(sesSettings(config));
    case "outbox":
      return new OutboxTransport(outbox, config.MAIL_TO, clock);
  }
}

/**
 * The transport of mail to readers (newsletter confirmations and articles): SES on AWS, else
 * the outbox. EmailJS renders one template for the team and cannot send the headers a
 * newsletter needs, so with MAIL_TRANSPORT=emailjs reader mail stays in the outbox
 * (docs/decisions/0161-reader-mail-transport.md).
 */
export function createReaderTransport(
  config: ServerConfig,
  outbox: OutboxStore,
  clock: () => Date,
  /** For mail with an HTML part, by the job that sends articles (see `SesSettings.composeMime`). */
  composeMime?: ComposeMime,
): MailTransport {
  if (config.MAIL_TRANSPORT === "ses")
    return new SesTransport({ ...sesSettings(config), configurationSet: config.SES_CONFIGURATION_SET, composeMime });
  return new OutboxTransport(outbox, undefined, clock);
}

function sesSettings(config: ServerConfig): SesSettings {
  return {
    region: config.SES_REGION ?? config.AWS_REGION,
    from: config.SES_FROM!,
    to: config.MAIL_TO!,
    timeoutMs: config.MAIL_TIMEOUT_MS,
  };
}
