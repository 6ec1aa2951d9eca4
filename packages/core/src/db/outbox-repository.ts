import { TableStore } from "./table-store.ts";
import { PutCommand } from "@aws-sdk/lib-dynamodb";
import type { MailMessage } from "../mail/mail-transport.ts";
import type { OutboxMessage, OutboxStore } from "../mail/outbox.ts";
import { isConditionalCheckFailed } from "./dynamo-client.ts";
import type { Page } from "../page.ts";
import { queryPage } from "./paging.ts";
import { KIND, keys, tableDesign } from "./table-design.ts";

/** The local "mail server": mails kept in the table, one per lead, read in the admin. */
export class OutboxRepository extends TableStore implements OutboxStore {
  /** Keeps the mail; storing the same lead's mail again keeps the first copy. */
  async store(leadId: string, message: MailMessage, to: string | undefined, now: Date): Promise<void> {
    const { byKind } = tableDesign.indexes;
    const stored: OutboxMessage = {
      leadId,
      ...(to ? { to } : {}),
      ...(message.replyTo ? { replyTo: message.replyTo } : {}),
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
      ...(message.headers ? { headers: message.headers } : {}),
      createdAt: now.toISOString(),
    };
    try {
      await this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: {
            ...keys.outbox(leadId),
            ...stored,
            [byKind.partitionKey]: KIND.outbox,
            [byKind.sortKey]: `${stored.createdAt}#${leadId}`,
          },
          ConditionExpression: "attribute_not_exists(pk)",
        }),
      );
    } catch (error) {
      if (!isConditionalCheckFailed(error)) throw error;
    }
  }

  /** One kept mail by its lead's key, or undefined. */
  async get(leadId: string): Promise<OutboxMessage | undefined> {
    const item = await this.readItem(keys.outbox(leadId));
    return item ? outboxFromItem(item) : undefined;
  }

  async list(options: { limit: number; cursor?: string }): Promise<Page<OutboxMessage>> {
    const page = await queryPage(this.db, this.table, tableDesign.indexes.byKind, KIND.outbox, options);
    return {
      ...page,
      items: page.items.map(outboxFromItem),
    };
  }
}

/** A kept mail as stored, read back without its keys (also for a person's data export). */
export function outboxFromItem(item: Record<string, unknown>): OutboxMessage {
  const { pk: _pk, sk: _sk, gsi1pk: _a, gsi1sk: _b, ...message } = item;
  return message as unknown as OutboxMessage;
}
