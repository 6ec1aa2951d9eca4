import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { LOGIN_WINDOW_MS } from "@codcrm/core/auth/login-schema";
import type { ServerConfig } from "@codcrm/core/config/server-config";
import { ArticleRepository } from "@codcrm/core/db/article-repository";
import { createDocumentClient } from "@codcrm/core/db/dynamo-client";
import { WindowCounter } from "@codcrm/core/db/window-counter";

/** What a handler may use. Built once per process (Lambda container or local server). */
export interface Deps {
  config: ServerConfig;
  /** Injectable so tests can move time instead of sleeping. */
  clock: () => Date;
  db: DynamoDBDocumentClient;
  articles: ArticleRepository;
  loginFailures: WindowCounter;
}

export function createDeps(config: ServerConfig, options: { clock?: () => Date; db?: DynamoDBDocumentClient } = {}): Deps {
  const db = options.db ?? createDocumentClient({ region: config.AWS_REGION, endpoint: config.DYNAMODB_ENDPOINT });
  return {
    config,
    clock: options.clock ?? (() => new Date()),
    db,
    articles: new ArticleRepository(db, config.TABLE_NAME),
    loginFailures: new WindowCounter(db, config.TABLE_NAME, "login", LOGIN_WINDOW_MS),
  };
}
