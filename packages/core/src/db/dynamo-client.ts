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

/**
 * Awaits a conditional write: true when it was written, false when its condition did not hold
 * (the item was there already, someone else was first); any other failure is thrown. Claims,
 * first sightings and window counts all read their answer this way.
 */
export async function conditionHeld(write: Promise<object>): Promise<boolean> {
  return (await outputIfHeld(write)) !== undefined;
}

/**
 * Awaits a conditional write and answers its output (an update's `Attributes`), or undefined
 * when its condition did not hold; any other failure is thrown.
 */
export async function outputIfHeld<T extends object>(write: Promise<T>): Promise<T | undefined> {
  try {
    return await write;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return undefined;
    throw error;
  }
}
