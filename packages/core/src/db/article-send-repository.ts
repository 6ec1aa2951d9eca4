import { TableStore } from "./table-store.ts";
import { randomUUID } from "node:crypto";
import { DeleteCommand, PutCommand, QueryCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { Article } from "../article/article.ts";
import type { ArticleSend, ClaimState, RecipientPage, SendCounts, SendStore } from "../article/article-send.ts";
import type { Language } from "../site/languages.ts";
import { conditionHeld, outputIfHeld } from "./dynamo-client.ts";
import { dueItems, queryEvery } from "./paging.ts";
import { KIND, SENDS_DUE_PARTITION, keys, tableDesign } from "./table-design.ts";

/**
 * Article sends and their per-subscriber claims (docs/decisions/0163-article-sends.md). As
 * with leads, every step is one conditional single-item write: the run's lease on the send
 * record, the claim put only if absent, the outcome on the claim.
 */
export class ArticleSendRepository extends TableStore implements SendStore {
  async request(article: Pick<Article, "id" | "language">, notBefore: Date, now: Date): Promise<ArticleSend> {
    const written = await outputIfHeld(
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.send(article.id),
          UpdateExpression:
            "SET articleId = :id, #language = :language, sendState = :waiting, notBefore = :notBefore, requestedAt = if_not_exists(requestedAt, :now), sent = if_not_exists(sent, :zero), failed = if_not_exists(failed, :zero), skipped = if_not_exists(skipped, :zero), #dpk = :due, #dsk = :dueKey",
          ConditionExpression: "attribute_not_exists(pk) OR sendState = :waiting",
          ExpressionAttributeNames: { "#language": "language", ...dueIndexNames },
          ExpressionAttributeValues: {
            ":id": article.id,
            ":language": article.language,
            ":waiting": "waiting",
            ":notBefore": notBefore.toISOString(),
            ":now": now.toISOString(),
            ":zero": 0,
            ":due": SENDS_DUE_PARTITION,
            ":dueKey": `${notBefore.toISOString()}#${article.id}`,
          },
          ReturnValues: "ALL_NEW",
        }),
      ),
    );
    // Sending or done: a second request changes nothing.
    return written ? sendFromItem(written.Attributes!) : (await this.get(article.id))!;
  }

  async get(articleId: string): Promise<ArticleSend | undefined> {
    const item = await this.readItem(keys.send(articleId));
    return item ? sendFromItem(item) : undefined;
  }

  async listDue(now: Date, limit: number): Promise<string[]> {
    return dueItems(this.db, this.table, SENDS_DUE_PARTITION, "articleId", now, limit);
  }

  async takeRun(articleId: string, now: Date, leaseMs: number) {
    const token = randomUUID();
    const written = await outputIfHeld(
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.send(articleId),
          UpdateExpression:
            "SET sendState = :sending, runToken = :token, leaseUntil = :lease, startedAt = if_not_exists(startedAt, :now)",
          ConditionExpression:
            "sendState IN (:waiting, :sending) AND notBefore <= :now AND (attribute_not_exists(leaseUntil) OR leaseUntil <= :now)",
          ExpressionAttributeValues: {
            ":sending": "sending",
            ":waiting": "waiting",
            ":token": token,
            ":now": now.toISOString(),
            ":lease": new Date(now.getTime() + leaseMs).toISOString(),
          },
          ReturnValues: "ALL_NEW",
        }),
      ),
    );
    if (!written) return undefined;
    const cursor = written.Attributes!.position as Record<string, unknown> | undefined;
    return { send: sendFromItem(written.Attributes!), token, ...(cursor ? { cursor } : {}) };
  }

  async saveProgress(
    articleId: string,
    token: string,
    update: { cursor?: Record<string, unknown>; leaseUntil: Date; recipients?: number },
  ): Promise<boolean> {
    const sets = ["leaseUntil = :lease"];
    if (update.cursor) sets.push("#position = :position");
    if (update.recipients !== undefined) sets.push("recipients = :recipients");
    return conditionHeld(
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.send(articleId),
          UpdateExpression: `SET ${sets.join(", ")}${update.cursor ? "" : " REMOVE #position"}`,
          ConditionExpression: "runToken = :token",
          // `cursor` is a reserved word of DynamoDB's expressions.
          ExpressionAttributeNames: { "#position": "position" },
          ExpressionAttributeValues: {
            ":token": token,
            ":lease": update.leaseUntil.toISOString(),
            ...(update.cursor ? { ":position": update.cursor } : {}),
            ...(update.recipients !== undefined ? { ":recipients": update.recipients } : {}),
          },
        }),
      ),
    );
  }

  async releaseRun(articleId: string, token: string, lastError?: string): Promise<void> {
    await this.ifHolding(articleId, token, {
      UpdateExpression: `REMOVE runToken, leaseUntil${lastError ? " SET lastError = :error" : ""}`,
      ExpressionAttributeValues: { ":token": token, ...(lastError ? { ":error": lastError.slice(0, 300) } : {}) },
    });
  }

  async finish(articleId: string, token: string, counts: SendCounts, now: Date): Promise<void> {
    await this.ifHolding(articleId, token, {
      UpdateExpression:
        "SET sendState = :done, finishedAt = :now, sent = :sent, failed = :failed, skipped = :skipped REMOVE runToken, leaseUntil, #position, lastError, #dpk, #dsk",
      ExpressionAttributeNames: { ...dueIndexNames, "#position": "position" },
      ExpressionAttributeValues: {
        ":token": token,
        ":done": "done",
        ":now": now.toISOString(),
        ":sent": counts.sent,
        ":failed": counts.failed,
        ":skipped": counts.skipped,
      },
    });
  }

  async claim(articleId: string, email: string, now: Date): Promise<boolean> {
    return conditionHeld(
      this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...keys.sendClaim(articleId, email), email, claimState: "sending", claimedAt: now.toISOString() },
          ConditionExpression: "attribute_not_exists(pk)",
        }),
      ),
    );
  }

  async recordOutcome(
    articleId: string,
    email: string,
    outcome: "sent" | "failed",
    now: Date,
    detail?: string,
  ): Promise<void> {
    await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: keys.sendClaim(articleId, email),
        UpdateExpression: `SET claimState = :state, doneAt = :now${detail ? ", claimError = :detail" : ""}`,
        ExpressionAttributeValues: {
          ":state": outcome,
          ":now": now.toISOString(),
          ...(detail ? { ":detail": detail } : {}),
        },
      }),
    );
    // The running count the admin watches; `finish` writes the exact one from the claims.
    await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: keys.send(articleId),
        UpdateExpression: "ADD #count :one",
        ExpressionAttributeNames: { "#count": outcome },
        ExpressionAttributeValues: { ":one": 1 },
      }),
    );
  }

  async releaseClaim(articleId: string, email: string): Promise<void> {
    await conditionHeld(
      this.db.send(
        new DeleteCommand({
          TableName: this.table,
          Key: keys.sendClaim(articleId, email),
          ConditionExpression: "claimState = :sending",
          ExpressionAttributeValues: { ":sending": "sending" },
        }),
      ),
    );
  }

  async skipInterrupted(articleId: string, now: Date): Promise<number> {
    const stopped = (await this.claims(articleId)).filter((claim) => claim.claimState === "sending");
    for (const claim of stopped) {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.sendClaim(articleId, String(claim.email)),
          UpdateExpression: "SET claimState = :skipped, doneAt = :now",
          ConditionExpression: "claimState = :sending",
          ExpressionAttributeValues: { ":skipped": "skipped", ":sending": "sending", ":now": now.toISOString() },
        }),
      );
    }
    return stopped.length;
  }

  async countClaims(articleId: string): Promise<SendCounts> {
    const counts: SendCounts = { sent: 0, failed: 0, skipped: 0 };
    for (const claim of await this.claims(articleId)) {
      const state = claim.claimState as ClaimState;
      if (state !== "sending") counts[state]++;
    }
    return counts;
  }

  async confirmedPage(
    language: Language,
    cursor: Record<string, unknown> | undefined,
    limit: number,
  ): Promise<RecipientPage> {
    const page = await this.db.send(
      new QueryCommand({
        ...this.confirmedQuery(language),
        ProjectionExpression: "email",
        Limit: limit,
        ...(cursor ? { ExclusiveStartKey: cursor } : {}),
      }),
    );
    return {
      emails: (page.Items ?? []).map((item) => String(item.email)),
      ...(page.LastEvaluatedKey ? { cursor: page.LastEvaluatedKey } : {}),
    };
  }

  async countConfirmed(language: Language): Promise<number> {
    let count = 0;
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await this.db.send(
        new QueryCommand({ ...this.confirmedQuery(language), Select: "COUNT", ExclusiveStartKey }),
      );
      count += page.Count ?? 0;
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    return count;
  }

  /**
   * Subscribers in the order they first subscribed (oldest first, so one who subscribes during
   * a send comes after the run's position), confirmed and of the language only. Any other state
   * (pending, unsubscribed, or one added later) is not `confirmed` and gets nothing.
   */
  private confirmedQuery(language: Language) {
    const { byKind } = tableDesign.indexes;
    return {
      TableName: this.table,
      IndexName: byKind.name,
      KeyConditionExpression: "#pk = :kind",
      FilterExpression: "subscriptionState = :confirmed AND #language = :language",
      ExpressionAttributeNames: { "#pk": byKind.partitionKey, "#language": "language" },
      ExpressionAttributeValues: { ":kind": KIND.subscriber, ":confirmed": "confirmed", ":language": language },
      ScanIndexForward: true,
    };
  }

  private claims(articleId: string): Promise<Record<string, unknown>[]> {
    return queryEvery(this.db, {
      TableName: this.table,
      KeyConditionExpression: "pk = :pk AND begins_with(sk, :claim)",
      ExpressionAttributeValues: { ":pk": keys.send(articleId).pk, ":claim": SEND_CLAIM_PREFIX },
      ProjectionExpression: "email, claimState",
      ConsistentRead: true,
    });
  }

  private async ifHolding(
    articleId: string,
    token: string,
    update: Pick<
      ConstructorParameters<typeof UpdateCommand>[0],
      "UpdateExpression" | "ExpressionAttributeNames" | "ExpressionAttributeValues"
    >,
  ): Promise<void> {
    await conditionHeld(
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.send(articleId),
          ConditionExpression: "runToken = :token",
          ...update,
        }),
      ),
    );
  }
}

const SEND_CLAIM_PREFIX = "TO#";

const dueIndexNames = {
  "#dpk": tableDesign.indexes.published.partitionKey,
  "#dsk": tableDesign.indexes.published.sortKey,
};

function sendFromItem(item: Record<string, unknown>): ArticleSend {
  const text = (name: string) => (typeof item[name] === "string" ? (item[name] as string) : undefined);
  const send: ArticleSend = {
    articleId: String(item.articleId),
    language: item.language as Language,
    state: item.sendState as ArticleSend["state"],
    requestedAt: String(item.requestedAt),
    notBefore: String(item.notBefore),
    sent: Number(item.sent ?? 0),
    failed: Number(item.failed ?? 0),
    skipped: Number(item.skipped ?? 0),
  };
  if (typeof item.recipients === "number") send.recipients = item.recipients;
  for (const name of ["startedAt", "finishedAt", "lastError"] as const) {
    const value = text(name);
    if (value !== undefined) send[name] = value;
  }
  return send;
}
