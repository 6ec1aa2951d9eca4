import { PutCommand, QueryCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { randomBytes } from "node:crypto";
import { keys, KIND, tableDesign } from "./table-design.ts";
import { TableStore } from "./table-store.ts";

/** Entries are kept at least a year: 400 days, then the store's TTL removes them. */
export const AUDIT_KEEP_DAYS = 400;
/** A person's repeated saves of one item of this kind (an autosave) make one entry per window. */
export const AUDIT_COALESCE_MINUTES = 10;
/** A before or after longer than this is cut: the trail says what changed, the revisions keep it whole. */
export const AUDIT_DETAIL_MAX = 600;

export interface AuditInput {
  at: Date;
  /** Who acted: a person's id (their name is kept too, as it was then). */
  by: string;
  byName: string;
  /** What they did: the route's name ("admin-articles-update", "auth-login"…). */
  action: string;
  /** What it was done to: "article", "staff", "lead", "media", "session", "site"… and its id. */
  kind: string;
  item: string;
  /** One short line: a title, a role "editor → author", an address. */
  summary?: string;
  before?: unknown;
  after?: unknown;
  /** Fold this into the person's entry of the same action on the same item in the current window. */
  coalesce?: boolean;
  /** How the request was signed in. */
  via?: "session" | "api-key";
}

/** An entry as read back: who did what to which item, as recorded, with the before and after as stored text. */
export interface AuditEntry extends Pick<AuditInput, "by" | "byName" | "action" | "kind" | "item" | "summary"> {
  id: string;
  at: string;
  /** The last time, for a coalesced entry. */
  lastAt?: string;
  /** How many actions a coalesced entry stands for. */
  count: number;
  before?: string;
  after?: string;
  via?: string;
}

/**
 * The audit trail (docs/decisions/0424-audit-trail.md). One item per entry, under the item it
 * is about (its history is one query), listed by time for administrators (gsi1) and per person
 * (gsi2). Only `record` writes, and no route calls anything but the reads: an entry cannot be
 * changed or removed through the API.
 */
export class AuditRepository extends TableStore {
  async record(input: AuditInput): Promise<void> {
    const at = input.at.toISOString();
    const expiresAt = Math.floor(input.at.getTime() / 1000) + AUDIT_KEEP_DAYS * 86_400;
    const details = {
      ...(input.summary ? { summary: cut(input.summary) } : {}),
      ...(input.before === undefined ? {} : { before: detail(input.before) }),
      ...(input.after === undefined ? {} : { after: detail(input.after) }),
    };
    const pk = keys.auditItem(input.kind, input.item);
    if (input.coalesce) {
      const windowMs = AUDIT_COALESCE_MINUTES * 60_000;
      const windowStart = new Date(Math.floor(input.at.getTime() / windowMs) * windowMs).toISOString();
      const id = `${windowStart}~${input.by}~${input.action}`.replace(/[^\w~.:-]/g, "");
      const sort = `${windowStart}#${id}`;
      // One item per person, action, item and window: the first save's time and before stay,
      // the last save's time and after replace the previous ones, the count grows.
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk, sk: sort },
          UpdateExpression:
            "SET id = if_not_exists(id, :id), #at = if_not_exists(#at, :at), lastAt = :at, #by = :by, byName = :byName, #action = :action, kind = :kind, #item = :item, expiresAt = :expires, gsi1pk = :all, gsi1sk = :sort, gsi2pk = :mine, gsi2sk = :sort" +
            (details.summary ? ", summary = :summary" : "") +
            (details.before ? ", #before = if_not_exists(#before, :before)" : "") +
            (details.after ? ", #after = :after" : "") +
            (input.via ? ", via = :via" : "") +
            " ADD #count :one",
          ExpressionAttributeNames: {
            "#at": "at",
            "#by": "by",
            "#action": "action",
            "#item": "item",
            "#count": "count",
            ...(details.before ? { "#before": "before" } : {}),
            ...(details.after ? { "#after": "after" } : {}),
          },
          ExpressionAttributeValues: {
            ":id": id,
            ":at": at,
            ":by": input.by,
            ":byName": input.byName,
            ":action": input.action,
            ":kind": input.kind,
            ":item": input.item,
            ":expires": expiresAt,
            ":all": KIND.audit,
            ":mine": KIND.auditBy(input.by),
            ":sort": sort,
            ":one": 1,
            ...(details.summary ? { ":summary": details.summary } : {}),
            ...(details.before ? { ":before": details.before } : {}),
            ...(details.after ? { ":after": details.after } : {}),
            ...(input.via ? { ":via": input.via } : {}),
          },
        }),
      );
      return;
    }
    const id = randomBytes(8).toString("base64url");
    const sort = `${at}#${id}`;
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          pk,
          sk: sort,
          id,
          at,
          count: 1,
          by: input.by,
          byName: input.byName,
          action: input.action,
          kind: input.kind,
          item: input.item,
          ...details,
          ...(input.via ? { via: input.via } : {}),
          expiresAt,
          gsi1pk: KIND.audit,
          gsi1sk: sort,
          gsi2pk: KIND.auditBy(input.by),
          gsi2sk: sort,
        },
      }),
    );
  }

  /** The history of one item, newest first. */
  async ofItem(kind: string, item: string, now: Date, limit = 100): Promise<AuditEntry[]> {
    return this.query(
      { KeyConditionExpression: "pk = :pk", ExpressionAttributeValues: { ":pk": keys.auditItem(kind, item) } },
      now,
      limit,
    );
  }

  /** One person's actions, newest first. */
  async byPerson(staffId: string, now: Date, limit = 100): Promise<AuditEntry[]> {
    const index = tableDesign.indexes.published;
    return this.query(
      {
        IndexName: index.name,
        KeyConditionExpression: `${index.partitionKey} = :pk`,
        ExpressionAttributeValues: { ":pk": KIND.auditBy(staffId) },
      },
      now,
      limit,
    );
  }

  /** Everyone's actions, newest first. */
  async all(now: Date, limit = 100): Promise<AuditEntry[]> {
    const index = tableDesign.indexes.byKind;
    return this.query(
      {
        IndexName: index.name,
        KeyConditionExpression: `${index.partitionKey} = :pk`,
        ExpressionAttributeValues: { ":pk": KIND.audit },
      },
      now,
      limit,
    );
  }

  private async query(
    input: { IndexName?: string; KeyConditionExpression: string; ExpressionAttributeValues: Record<string, unknown> },
    now: Date,
    limit: number,
  ): Promise<AuditEntry[]> {
    const { Items = [] } = await this.db.send(
      new QueryCommand({ TableName: this.table, ...input, ScanIndexForward: false, Limit: limit }),
    );
    const nowSeconds = now.getTime() / 1000;
    return Items.filter((item) => Number(item.expiresAt) > nowSeconds).map(entryFrom);
  }
}

function cut(text: string): string {
  return text.length > AUDIT_DETAIL_MAX ? `${text.slice(0, AUDIT_DETAIL_MAX - 1)}…` : text;
}

function detail(value: unknown): string {
  return cut(typeof value === "string" ? value : JSON.stringify(value));
}

function entryFrom(item: Record<string, unknown>): AuditEntry {
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  return {
    id: String(item.id),
    at: String(item.at),
    ...(text(item.lastAt) && item.lastAt !== item.at ? { lastAt: String(item.lastAt) } : {}),
    count: Number(item.count ?? 1),
    by: String(item.by),
    byName: String(item.byName ?? ""),
    action: String(item.action),
    kind: String(item.kind),
    item: String(item.item),
    ...(text(item.summary) ? { summary: String(item.summary) } : {}),
    ...(text(item.before) ? { before: String(item.before) } : {}),
    ...(text(item.after) ? { after: String(item.after) } : {}),
    ...(text(item.via) ? { via: String(item.via) } : {}),
  };
}
