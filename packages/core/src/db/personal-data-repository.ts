import { TableStore } from "./table-store.ts";
import { DeleteCommand, PutCommand, ScanCommand } from "@aws-sdk/lib-dynamodb";
import {
  NOT_PERSONAL_PARTITIONS,
  addressMatcher,
  personalItemKind,
  type ErasureCounts,
  type ErasureResult,
  type PersonalDataExport,
} from "../lead/personal-data.ts";
import { leadFromItem } from "./lead-repository.ts";
import { subscriberFromItem } from "./subscription-repository.ts";
import { outboxFromItem } from "./outbox-repository.ts";
import { KIND, keys, tableDesign } from "./table-design.ts";

/**
 * A person's data across the table, by e-mail address (RGPD articles 15 and 17,
 * docs/decisions/0168-personal-data-export-and-erasure.md). Their items live under many
 * partitions (subscription, leads with random ids, outbox copies, send claims keyed by the
 * address's hash), so they are found by reading the table: a scan, which only these two
 * administrator routes may do, skipping published content and erasure records, and matching
 * each item on the address in any attribute (any case) or its hash in the key.
 */
export class PersonalDataRepository extends TableStore {
  async export(email: string, now: Date): Promise<PersonalDataExport> {
    const matcher = addressMatcher(email);
    const data: PersonalDataExport = {
      email: matcher.email,
      exportedAt: now.toISOString(),
      subscription: null,
      leads: [],
      outbox: [],
      other: [],
    };
    for (const item of await this.itemsOf(email)) {
      switch (personalItemKind(item)) {
        case "subscription":
          data.subscription = subscriberFromItem(item);
          break;
        case "leads":
          data.leads.push(leadFromItem(item));
          break;
        case "outbox":
          data.outbox.push(outboxFromItem(item));
          break;
        case "other":
          data.other.push(item);
      }
    }
    return data;
  }

  /**
   * Deletes every item of the address, then writes the dated erasure record, which holds the
   * address's hash and the counts only.
   */
  async erase(email: string, now: Date): Promise<ErasureResult> {
    const matcher = addressMatcher(email);
    const removed: ErasureCounts = { subscription: 0, leads: 0, outbox: 0, other: 0 };
    for (const item of await this.itemsOf(email)) {
      await this.db.send(
        new DeleteCommand({
          TableName: this.table,
          Key: { [tableDesign.partitionKey]: item.pk, [tableDesign.sortKey]: item.sk },
        }),
      );
      removed[personalItemKind(item)] += 1;
    }
    const erasedAt = now.toISOString();
    const { byKind } = tableDesign.indexes;
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          ...keys.erasure(matcher.hash, erasedAt),
          addressHash: matcher.hash,
          erasedAt,
          removed,
          [byKind.partitionKey]: KIND.erasure,
          [byKind.sortKey]: `${erasedAt}#${matcher.hash}`,
        },
      }),
    );
    return { erasedAt, removed };
  }

  private async itemsOf(email: string): Promise<Record<string, unknown>[]> {
    const matcher = addressMatcher(email);
    const skipped = NOT_PERSONAL_PARTITIONS.map((_, i) => `begins_with(#pk, :skip${i})`).join(" OR ");
    const found: Record<string, unknown>[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await this.db.send(
        new ScanCommand({
          TableName: this.table,
          FilterExpression: `NOT (${skipped})`,
          ExpressionAttributeNames: { "#pk": tableDesign.partitionKey },
          ExpressionAttributeValues: Object.fromEntries(
            NOT_PERSONAL_PARTITIONS.map((prefix, i) => [`:skip${i}`, prefix]),
          ),
          ExclusiveStartKey: start,
          ConsistentRead: true,
        }),
      );
      for (const item of page.Items ?? []) if (matcher.matches(item)) found.push(item);
      start = page.LastEvaluatedKey;
    } while (start);
    return found;
  }
}
