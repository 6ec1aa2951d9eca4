import type { OutboxStore } from "./outbox.ts";
import type { MailMessage, MailTransport, SentMail } from "./mail-transport.ts";

/** No provider: the mail is kept in the table and shown in the admin area. */
export class OutboxTransport implements MailTransport {
  readonly name = "outbox";

  constructor(
    private readonly outbox: OutboxStore,
    private readonly to: string | undefined,
    private readonly clock: () => Date,
  ) {}

  async send(message: MailMessage, key: string): Promise<SentMail> {
    await this.outbox.store(key, message, message.to ?? this.to, this.clock());
    return {};
  }
}
