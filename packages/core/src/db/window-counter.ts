import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from "@aws-sdk/lib-dynamodb";
import { conditionHeld, isConditionalCheckFailed } from "./dynamo-client.ts";
import { keys } from "./table-design.ts";

export interface WindowState {
  count: number;
  /** Epoch milliseconds at which the window closes. */
  windowEnd: number;
}

/**
 * Fixed-window counters in DynamoDB (login failures per client, form posts per client).
 * A window opens at the first hit and lasts `windowMs`; items carry a TTL, but since
 * DynamoDB deletes expired items lazily, expiry is always checked here too.
 */
export class WindowCounter {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
    private readonly purpose: string,
    private readonly windowMs: number,
  ) {}

  async get(key: string, now: Date): Promise<WindowState | undefined> {
    const { Item } = await this.db.send(
      new GetCommand({ TableName: this.table, Key: keys.window(this.purpose, key), ConsistentRead: true }),
    );
    if (!Item || Number(Item.windowEnd) <= now.getTime()) return undefined;
    return { count: Number(Item.count), windowEnd: Number(Item.windowEnd) };
  }

  /**
   * Counts one hit and returns the window after it: one round trip when a window is open or
   * the key was never counted (a client's first attempt, which a flood from many addresses makes
   * every time), two when a closed window is replaced.
   */
  async hit(key: string, now: Date): Promise<WindowState> {
    const Key = keys.window(this.purpose, key);
    const windowEnd = now.getTime() + this.windowMs;
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        // Counts in the open window, or makes the item with a new one where there is none; the
        // same attributes as the put below writes, so a window stored either way reads the same.
        const { Attributes } = await this.db.send(
          new UpdateCommand({
            TableName: this.table,
            Key,
            UpdateExpression:
              "SET #count = if_not_exists(#count, :zero) + :one, windowEnd = if_not_exists(windowEnd, :end), expiresAt = if_not_exists(expiresAt, :expires)",
            ConditionExpression: "attribute_not_exists(pk) OR windowEnd > :now",
            ExpressionAttributeNames: { "#count": "count" },
            ExpressionAttributeValues: {
              ":zero": 0,
              ":one": 1,
              ":now": now.getTime(),
              ":end": windowEnd,
              ":expires": Math.ceil(windowEnd / 1000) + 60,
            },
            ReturnValues: "ALL_NEW",
          }),
        );
        return { count: Number(Attributes?.count), windowEnd: Number(Attributes?.windowEnd) };
      } catch (error) {
        if (!isConditionalCheckFailed(error)) throw error;
      }
      // A closed window: start a new one, unless another request just did (then count in it).
      try {
        await this.db.send(
          new PutCommand({
            TableName: this.table,
            Item: { ...Key, count: 1, windowEnd, expiresAt: Math.ceil(windowEnd / 1000) + 60 },
            ConditionExpression: "attribute_not_exists(pk) OR windowEnd <= :now",
            ExpressionAttributeValues: { ":now": now.getTime() },
          }),
        );
        return { count: 1, windowEnd };
      } catch (error) {
        if (!isConditionalCheckFailed(error)) throw error;
      }
    }
    throw new Error(`Could not update the ${this.purpose} counter.`);
  }

  /**
   * Opens a window for `key` unless one is open: true when this call opened it (the first
   * hit of the window). One conditional put, for "once per window" rules.
   */
  async open(key: string, now: Date): Promise<boolean> {
    const windowEnd = now.getTime() + this.windowMs;
    return conditionHeld(
      this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...keys.window(this.purpose, key), count: 1, windowEnd, expiresAt: Math.ceil(windowEnd / 1000) + 60 },
          ConditionExpression: "attribute_not_exists(pk) OR windowEnd <= :now",
          ExpressionAttributeValues: { ":now": now.getTime() },
        }),
      ),
    );
  }

  async reset(key: string): Promise<void> {
    await this.db.send(new DeleteCommand({ TableName: this.table, Key: keys.window(this.purpose, key) }));
  }
}
