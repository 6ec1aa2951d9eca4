import { TableStore } from "./table-store.ts";
import { GetCommand, PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { Increments } from "../analytics/counters.ts";
import type { StoredDay } from "../analytics/report.ts";
import { endOfAnalyticsDay, newSalt } from "../analytics/visitor.ts";
import { conditionHeld } from "./dynamo-client.ts";
import { batchGetEvery, queryEvery } from "./paging.ts";
import { keys } from "./table-design.ts";

/** Counters are aggregates: kept 25 months, so a month compares with the same month a year before. */
export const COUNTER_RETENTION_DAYS = 25 * 31;
/** A visitor's mark of a day outlives the day by a little (time zones, clocks), then goes. */
const VISITOR_MARK_SECONDS = 2 * 24 * 3600;
/** How many days' partitions the dashboard reads at once. */
const DAYS_AT_ONCE = 16;
/** Closed days kept in memory: a 90-day range and some. */
const CLOSED_DAYS_KEPT = 120;
/** The item a day that is over is kept as, in its own partition. */
export const CLOSED_DAY_ITEM = "CLOSED";
/** A closed day's items as JSON, at most: well within DynamoDB's 400 KB an item. */
const CLOSED_DAY_MAX_CHARS = 350_000;

/**
 * The analytics' items (docs/decisions/0401-analytics-counters-per-day.md): the day's salt, a
 * mark per visitor per day (a hash, never an address), and the counters of each day, raised by
 * atomic `ADD`s, each in its own small item (`analytics/counters.ts`). No transaction and no
 * read before a write: a view is a conditional put (a new visitor?) and a few updates, in any
 * order, each complete on its own.
 */
export class AnalyticsStore extends TableStore {
  private salt?: { day: string; value: string };
  /** Days no view, lead or sample is counted on any more, as read: they never change again. */
  private readonly closed = new Map<string, StoredDay>();

  /**
   * The day's salt: kept in memory for the day, else read, else made by the day's first view (a
   * conditional put, so two functions that race agree on one). The item holds one salt only: the
   * new day's overwrites yesterday's, and its TTL deletes it after its day if no view comes. The
   * day is checked here too, since DynamoDB deletes expired items late.
   */
  async saltOf(day: string, now: Date): Promise<string> {
    if (this.salt?.day === day) return this.salt.value;
    this.salt = undefined;
    for (let attempt = 0; attempt < 3; attempt++) {
      const item = await this.readItem(keys.analyticsSalt());
      if (item?.day === day && typeof item.salt === "string" && Number(item.expiresAt) * 1000 > now.getTime()) {
        this.salt = { day, value: item.salt };
        return item.salt;
      }
      const value = newSalt();
      const made = await conditionHeld(
        this.db.send(
          new PutCommand({
            TableName: this.table,
            Item: {
              ...keys.analyticsSalt(),
              day,
              salt: value,
              expiresAt: Math.ceil(endOfAnalyticsDay(day).getTime() / 1000),
            },
            // Only over an earlier day's salt (or none): never over today's, nor over a later day's.
            ConditionExpression: "attribute_not_exists(pk) OR #day < :day",
            ExpressionAttributeNames: { "#day": "day" },
            ExpressionAttributeValues: { ":day": day },
          }),
        ),
      );
      if (made) {
        this.salt = { day, value };
        return value;
      }
      // Another function made today's meanwhile: read it.
    }
    throw new Error(`The salt of ${day} could not be read or made.`);
  }

  /** The salt item as stored (tests check that yesterday's is gone). */
  async storedSalt(): Promise<{ day: string; salt: string; expiresAt: number } | undefined> {
    const item = await this.readItem(keys.analyticsSalt());
    return item ? { day: String(item.day), salt: String(item.salt), expiresAt: Number(item.expiresAt) } : undefined;
  }

  /**
   * True when this visitor hash had not been seen on `day`. A read first (most views are of a
   * visitor seen already that day, and a read costs a quarter of a write), then for a new one a
   * put only if absent: of two first views at once, one counts.
   */
  async firstVisitOf(day: string, hash: string, now: Date): Promise<boolean> {
    const Key = keys.analyticsVisitor(day, hash);
    const { Item } = await this.db.send(new GetCommand({ TableName: this.table, Key, ProjectionExpression: "pk" }));
    if (Item) return false;
    return conditionHeld(
      this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...Key, expiresAt: Math.ceil(now.getTime() / 1000) + VISITOR_MARK_SECONDS },
          ConditionExpression: "attribute_not_exists(pk)",
        }),
      ),
    );
  }

  /** Raises the day's counters: one `ADD` update per item, all at once. */
  async add(day: string, increments: Increments): Promise<void> {
    const expiresAt = Math.ceil(Date.parse(`${day}T00:00:00Z`) / 1000) + COUNTER_RETENTION_DAYS * 86_400;
    await Promise.all(
      [...increments].map(([item, counters]) => {
        const names: Record<string, string> = {};
        const values: Record<string, number> = { ":expires": expiresAt };
        const adds = Object.entries(counters).map(([name, value], index) => {
          names[`#c${index}`] = name;
          values[`:c${index}`] = value;
          return `#c${index} :c${index}`;
        });
        return this.db.send(
          new UpdateCommand({
            TableName: this.table,
            Key: keys.analyticsCounter(day, item),
            UpdateExpression: `SET expiresAt = if_not_exists(expiresAt, :expires) ADD ${adds.join(", ")}`,
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
          }),
        );
      }),
    );
  }

  /**
   * Every counter item of each day, never a scan. A day before `closedBefore` is over: everything
   * is counted on the day it happens, so nothing is added to it any more. Such a day is read once
   * from its partition, then kept as one item of its own (`CLOSED_DAY_ITEM`: its items as JSON) and
   * in this function's memory; a later read takes the closed days' items a hundred at a time. So a
   * range of 90 days is one batch read and two queries (yesterday's, today's).
   */
  async days(days: readonly string[], closedBefore = ""): Promise<StoredDay[]> {
    const read = new Map<string, StoredDay>();
    for (const day of days) {
      const kept = this.closed.get(day);
      if (kept) read.set(day, kept);
    }
    const closed = days.filter((day) => day < closedBefore && !read.has(day));
    if (closed.length) {
      const items = await batchGetEvery(
        this.db,
        this.table,
        closed.map((day) => keys.analyticsCounter(day, CLOSED_DAY_ITEM)),
      );
      for (const item of items) {
        const stored: StoredDay = {
          day: String(item.pk).slice(keys.analyticsDay("").length),
          items: JSON.parse(String(item.items)) as Record<string, unknown>[],
        };
        read.set(stored.day, stored);
        this.keep(stored);
      }
    }
    const open = days.filter((day) => !read.has(day));
    for (let start = 0; start < open.length; start += DAYS_AT_ONCE) {
      for (const stored of await Promise.all(open.slice(start, start + DAYS_AT_ONCE).map((one) => this.day(one)))) {
        read.set(stored.day, stored);
        if (stored.day < closedBefore) {
          this.keep(stored);
          await this.close(stored);
        }
      }
    }
    return days.map((day) => read.get(day)!);
  }

  private keep(stored: StoredDay): void {
    this.closed.set(stored.day, stored);
    for (const day of [...this.closed.keys()].sort().slice(0, Math.max(0, this.closed.size - CLOSED_DAYS_KEPT)))
      this.closed.delete(day);
  }

  /** Writes a day that is over as one item, once (a put only if absent); too large a day stays read as it is. */
  private async close(stored: StoredDay): Promise<void> {
    const items = JSON.stringify(stored.items);
    if (items.length > CLOSED_DAY_MAX_CHARS) return;
    const expiresAt = Math.ceil(Date.parse(`${stored.day}T00:00:00Z`) / 1000) + COUNTER_RETENTION_DAYS * 86_400;
    await conditionHeld(
      this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...keys.analyticsCounter(stored.day, CLOSED_DAY_ITEM), items, expiresAt },
          ConditionExpression: "attribute_not_exists(pk)",
        }),
      ),
    );
  }

  private async day(day: string): Promise<StoredDay> {
    const items = await queryEvery(this.db, {
      TableName: this.table,
      KeyConditionExpression: "pk = :pk",
      ExpressionAttributeValues: { ":pk": keys.analyticsDay(day) },
    });
    return { day, items: items.filter((item) => item.sk !== CLOSED_DAY_ITEM) };
  }
}
