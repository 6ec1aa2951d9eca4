import { DeliveryFailure, type MailMessage, type MailTransport, type SentMail } from "./mail-transport.ts";

/** The browser SDK version the REST API is told about (`lib_version`). */
export const EMAILJS_LIB_VERSION = "4.4.1";

export interface EmailJsSettings {
  apiUrl: string;
  serviceId: string;
  templateId: string;
  /** "Public key", sent as `user_id`. */
  publicKey: string;
  /** "Private key", sent as `accessToken` (required for calls that do not come from a browser). */
  privateKey: string;
  /** Passed to the template as `to_email` when set. */
  to?: string;
  timeoutMs: number;
}

/**
 * EmailJS's REST API called from the server (docs/decisions/0005-lead-delivery.md): the keys never reach the
 * browser. The template renders the mail; it gets the message as named fields
 * (`from_name`, `from_email`, `reply_to`, `message`, `company`, `phone`, `subject`,
 * `body`, ...). Success is status 200 with the body text exactly 'OK'.
 */
export class EmailJsTransport implements MailTransport {
  readonly name = "emailjs";

  constructor(private readonly settings: EmailJsSettings) {}

  async send(message: MailMessage): Promise<SentMail> {
    const { apiUrl, serviceId, templateId, publicKey, privateKey, to, timeoutMs } = this.settings;
    const body = {
      lib_version: EMAILJS_LIB_VERSION,
      user_id: publicKey,
      service_id: serviceId,
      template_id: templateId,
      template_params: { ...message.fields, ...(to ? { to_email: to } : {}) },
      accessToken: privateKey,
    };
    let status: number;
    let text: string;
    try {
      const response = await fetch(`${apiUrl}/api/v1.0/email/send`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
        throw new DeliveryFailure("timeout", `EmailJS did not answer within ${timeoutMs} ms`);
      }
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
      throw new DeliveryFailure("network_error", `EmailJS unreachable: ${cause}`);
    }
    if (status === 200 && text === "OK") return {};
    const detail = `EmailJS ${status}: ${text.slice(0, 200)}`;
    switch (status) {
      case 400:
        throw new DeliveryFailure("provider_rejected", detail);
      case 403:
        throw new DeliveryFailure("provider_blocked", detail);
      case 429:
        throw new DeliveryFailure("provider_throttled", detail);
      case 451:
        throw new DeliveryFailure("provider_unavailable", detail);
      default:
        throw new DeliveryFailure(status >= 500 ? "provider_unavailable" : "provider_unexpected", detail);
    }
  }
}
