import { DeleteCommand, GetCommand, PutCommand, type DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { conditionHeld } from "./dynamo-client.ts";
import { queryAll } from "./paging.ts";
import { tableDesign } from "./table-design.ts";

type Key = Record<string, unknown>;

/**
 * A store of one kind of item in the site's one table: the document client and the table's name,
 * and the single-item reads and writes its kinds of item share.
 */
export abstract class TableStore {
  constructor(
    protected readonly db: DynamoDBDocumentClient,
    protected readonly table: string,
  ) {}

  /** The item under `key`, read strongly consistent: a write just acknowledged is seen. */
  protected async readItem(key: Key): Promise<Record<string, unknown> | undefined> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.table, Key: key, ConsistentRead: true }));
    return Item;
  }

  /**
   * Puts an item whose key no item has yet: the write is refused (ConditionalCheckFailedException)
   * when one has it, which `conditionHeld` reads as false where a caller expects that.
   */
  protected putNew(item: Record<string, unknown>): Promise<object> {
    return this.db.send(
      new PutCommand({ TableName: this.table, Item: item, ConditionExpression: "attribute_not_exists(pk)" }),
    );
  }

  /** Deletes the item under `key` if `condition` holds: true for the call that deleted it. */
  protected deleteIf(key: Key, condition: string, values?: Record<string, unknown>): Promise<boolean> {
    return conditionHeld(
      this.db.send(
        new DeleteCommand({
          TableName: this.table,
          Key: key,
          ConditionExpression: condition,
          ...(values ? { ExpressionAttributeValues: values } : {}),
        }),
      ),
    );
  }

  /** Deletes an item one person owns (its `staffId`), for that person only: false when it was not theirs. */
  protected deleteOwnedBy(key: Key, staffId: string): Promise<boolean> {
    return this.deleteIf(key, "staffId = :staff", { ":staff": staffId });
  }

  /** Every item listed under `partition` in the kind index, newest first. */
  protected kindItems(partition: string): Promise<Record<string, unknown>[]> {
    return queryAll(this.db, this.table, tableDesign.indexes.byKind, partition);
  }
}
