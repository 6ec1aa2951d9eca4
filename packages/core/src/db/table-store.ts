import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";

/** A store of one kind of item in the site's one table: the document client and the table's name. */
export abstract class TableStore {
  constructor(
    protected readonly db: DynamoDBDocumentClient,
    protected readonly table: string,
  ) {}
}
