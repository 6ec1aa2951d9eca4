import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  waitUntilTableExists,
  type GlobalSecondaryIndex,
} from "@aws-sdk/client-dynamodb";
import { tableDesign } from "@codcrm/core/db/table-design";

/** Creates the table from the shared design when it does not exist yet. */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<void> {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  const indexes = Object.values(tableDesign.indexes);
  const attributes = new Set<string>([tableDesign.partitionKey, tableDesign.sortKey]);
  for (const index of indexes) attributes.add(index.partitionKey).add(index.sortKey);
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: "PAY_PER_REQUEST",
      AttributeDefinitions: [...attributes].map((name) => ({ AttributeName: name, AttributeType: "S" })),
      KeySchema: [
        { AttributeName: tableDesign.partitionKey, KeyType: "HASH" },
        { AttributeName: tableDesign.sortKey, KeyType: "RANGE" },
      ],
      GlobalSecondaryIndexes: indexes.map((index): GlobalSecondaryIndex => ({
        IndexName: index.name,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: "HASH" },
          { AttributeName: index.sortKey, KeyType: "RANGE" },
        ],
        Projection: { ProjectionType: "ALL" },
      })),
    }),
  );
  // On disk a new table reports CREATING for a moment.
  await waitUntilTableExists({ client, maxWaitTime: 30, minDelay: 1, maxDelay: 1 }, { TableName: tableName });
}
