import {
  BatchGetCommand,
  QueryCommand,
  type DynamoDBDocumentClient,
  type QueryCommandInput,
} from "@aws-sdk/lib-dynamodb";
import { BadRequestError } from "../errors.ts";
import type { Page } from "../page.ts";
import { tableDesign } from "./table-design.ts";

export const PAGE_MAX = 200;

type Index = { name: string; partitionKey: string };

/** The query of one partition of an index, newest first. */
function partitionQuery(table: string, index: Index, partition: string): QueryCommandInput {
  return {
    TableName: table,
    IndexName: index.name,
    KeyConditionExpression: "#pk = :value",
    ExpressionAttributeNames: { "#pk": index.partitionKey },
    ExpressionAttributeValues: { ":value": partition },
    ScanIndexForward: false,
  };
}

/** Every item a query finds, page after page. */
export async function queryEvery(
  db: DynamoDBDocumentClient,
  input: QueryCommandInput,
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new QueryCommand({ ...input, ExclusiveStartKey }));
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

/** Every item of one partition of an index, newest first. */
export function queryAll(
  db: DynamoDBDocumentClient,
  table: string,
  index: Index,
  partition: string,
): Promise<Record<string, unknown>[]> {
  return queryEvery(db, partitionQuery(table, index, partition));
}

/**
 * One page of an index partition, newest first. The cursor is DynamoDB's own position,
 * opaque to clients; a forged one can only point elsewhere in the same partition, and one
 * with other attributes than an index position has is refused before it reaches the store
 * (DynamoDB answers a malformed start key with a ValidationException, a 500 otherwise).
 */
export async function queryPage(
  db: DynamoDBDocumentClient,
  table: string,
  index: { name: string; partitionKey: string; sortKey: string },
  partition: string,
  options: { limit: number; cursor?: string },
): Promise<Page<Record<string, unknown>>> {
  const page = await db.send(
    new QueryCommand({
      ...partitionQuery(table, index, partition),
      Limit: Math.min(Math.max(1, options.limit), PAGE_MAX),
      ExclusiveStartKey: options.cursor ? decodeCursor(options.cursor, index, partition) : undefined,
    }),
  );
  return {
    items: page.Items ?? [],
    ...(page.LastEvaluatedKey
      ? { nextCursor: Buffer.from(JSON.stringify(page.LastEvaluatedKey)).toString("base64url") }
      : {}),
  };
}

function decodeCursor(
  cursor: string,
  index: { partitionKey: string; sortKey: string },
  partition: string,
): Record<string, string> {
  // A position in an index names exactly the table's key and the index's key.
  const expected = [tableDesign.partitionKey, tableDesign.sortKey, index.partitionKey, index.sortKey].sort();
  try {
    const key = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown;
    if (
      key &&
      typeof key === "object" &&
      !Array.isArray(key) &&
      Object.keys(key).sort().join() === expected.join() &&
      Object.values(key).every((value) => typeof value === "string" && value !== "") &&
      (key as Record<string, string>)[index.partitionKey] === partition
    ) {
      return key as Record<string, string>;
    }
  } catch {
    // fall through
  }
  throw new BadRequestError("invalid_cursor", "The cursor is not valid for this list.");
}

/**
 * One attribute of the items of a partition of the sparse due index (gsi2) whose due time
 * (the sort key's `{ISO time}#…` prefix) has come, oldest first: the leads waiting to be sent,
 * the article sends waiting to run.
 */
export async function dueItems(
  db: DynamoDBDocumentClient,
  table: string,
  partition: string,
  attribute: string,
  now: Date,
  limit: number,
): Promise<string[]> {
  const { name, partitionKey, sortKey } = tableDesign.indexes.published;
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: table,
      IndexName: name,
      KeyConditionExpression: "#pk = :partition AND #sk <= :upper",
      ExpressionAttributeNames: { "#pk": partitionKey, "#sk": sortKey, "#attribute": attribute },
      ExpressionAttributeValues: { ":partition": partition, ":upper": `${now.toISOString()}#~` },
      ProjectionExpression: "#attribute",
      Limit: limit,
    }),
  );
  return Items.map((item) => String(item[attribute]));
}

/**
 * Every item of these keys that exists, 100 keys a batch (BatchGetItem's most), asking again
 * with a growing wait for what the store left unprocessed.
 */
export async function batchGetEvery(
  db: DynamoDBDocumentClient,
  table: string,
  itemKeys: readonly Record<string, unknown>[],
  options: { ProjectionExpression?: string } = {},
): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  for (let start = 0; start < itemKeys.length; start += 100) {
    let request: Record<string, { Keys: Record<string, unknown>[]; ProjectionExpression?: string }> | undefined = {
      [table]: { Keys: itemKeys.slice(start, start + 100), ...options },
    };
    for (let attempt = 0; request && Object.keys(request).length > 0; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 25 * 2 ** attempt)));
      const result = await db.send(new BatchGetCommand({ RequestItems: request }));
      found.push(...(result.Responses?.[table] ?? []));
      request = result.UnprocessedKeys as typeof request;
    }
  }
  return found;
}

/**
 * The earliest value of `attribute` (an ISO time) among the items of one partition of the sparse
 * due index (gsi2): in a partition that holds only what is still owed (leads not mailed, not posted
 * to the CRM), when the oldest of them was received.
 */
export async function earliestIn(
  db: DynamoDBDocumentClient,
  table: string,
  partition: string,
  attribute: string,
): Promise<string | undefined> {
  const { name, partitionKey } = tableDesign.indexes.published;
  const items = await queryEvery(db, {
    TableName: table,
    IndexName: name,
    KeyConditionExpression: "#pk = :partition",
    ExpressionAttributeNames: { "#pk": partitionKey, "#attribute": attribute },
    ExpressionAttributeValues: { ":partition": partition },
    ProjectionExpression: "#attribute",
  });
  return items.map((item) => String(item[attribute])).sort()[0];
}
