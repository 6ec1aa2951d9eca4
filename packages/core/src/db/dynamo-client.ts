import { DynamoDBClient, type DynamoDBClientConfig } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";

export interface DynamoSettings {
  region: string;
  /** Set locally (the embedded store); unset on AWS. */
  endpoint?: string;
}

export function createDocumentClient(settings: DynamoSettings): DynamoDBDocumentClient {
  const config: DynamoDBClientConfig = { region: settings.region };
  if (settings.endpoint) {
    config.endpoint = settings.endpoint;
    // The embedded store accepts any credentials; never look for real ones locally.
    config.credentials = { accessKeyId: "local", secretAccessKey: "local" };
  }
  return DynamoDBDocumentClient.from(new DynamoDBClient(config), {
    marshallOptions: { removeUndefinedValues: true },
  });
}

export function isConditionalCheckFailed(error: unknown): boolean {
  return error instanceof Error && error.name === "ConditionalCheckFailedException";
}
