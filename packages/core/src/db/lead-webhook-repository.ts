import { TableStore } from "./table-store.ts";
import { randomUUID } from "node:crypto";
import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { Lead } from "../lead/lead.ts";
import {
  WEBHOOK_LEASE_MS,
  nextWebhookAttempt,
  type WebhookAttempt,
  type WebhookDelivery,
  type WebhookState,
  type WebhookStore,
} from "../lead/lead-webhook-state.ts";
import { conditionHeld, outputIfHeld } from "./dynamo-client.ts";
import { batchGetEvery, dueItems, earliestIn } from "./paging.ts";
import { GIVEN_UP_SORT_PREFIX, WEBHOOK_DUE_PARTITION, keys, tableDesign } from "./table-design.ts";

/**
 * Each lead's delivery to the CRM's webhook (docs/decisions/0405-lead-webhook.md): one item beside
 * the lead (`LEAD#{id}` / `WEBHOOK`), put once and only if absent (a lead gets one delivery,
 * however often it is recorded), in the sparse due index (`WEBHOOK_DUE`) until delivered. Like
 * the mail's (0005), every step is one conditional single-item write:
 *  1. the lead is stored, then its delivery (a crash between them leaves a lead the job never
 *     posts; "send again" makes the missing item, so nothing is lost for good);
 *  2. a sender claims it (due pending/failed, or sending with a lapsed lease) with a fresh token;
 *  3. the sender appends its attempt and the outcome, if it still holds the token. A sender that
 *     crashes between 2 and 3 leaves a lease that lapses: the delivery is due again, and posted
 *     again with the same `webhook-id`, which the receiver tells apart.
 * The item carries the lead's address only so that a person's erasure finds and removes it too.
 */
export class LeadWebhookRepository extends TableStore implements WebhookStore {
  /** Records a new lead's delivery, due now; false when the lead has one already. */
  async create(lead: Pick<Lead, "id" | "email" | "createdAt">, now: Date): Promise<boolean> {
    const due = now.toISOString();
    return conditionHeld(
      this.putNew({
        ...keys.leadWebhook(lead.id),
        leadId: lead.id,
        email: lead.email,
        leadCreatedAt: lead.createdAt,
        webhookState: "pending",
        attempts: [],
        nextAttemptAt: due,
        ...dueKey(`${due}#${lead.id}`),
      }),
    );
  }

  async get(leadId: string): Promise<WebhookDelivery | undefined> {
    const item = await this.readItem(keys.leadWebhook(leadId));
    return item ? webhookFromItem(item) : undefined;
  }

  /** The deliveries of these leads; a lead without one is absent. */
  async many(leadIds: readonly string[]): Promise<Map<string, WebhookDelivery>> {
    const items = await batchGetEvery(
      this.db,
      this.table,
      leadIds.map((id) => keys.leadWebhook(id)),
    );
    return new Map(items.map((item) => [String(item.leadId), webhookFromItem(item)]));
  }

  /**
   * Takes the delivery for one attempt. Without `force`: when due (pending or failed, its next
   * attempt reached) or when a sender's lease lapsed. With `force` (an administrator's "send
   * again"): also one failed and not due yet, or given up. Never a delivered one, never one in
   * flight.
   */
  async claim(leadId: string, now: Date, options: { force?: boolean } = {}): Promise<{ token: string } | undefined> {
    const token = randomUUID();
    const leaseUntil = new Date(now.getTime() + WEBHOOK_LEASE_MS).toISOString();
    const waiting = options.force
      ? "#state IN (:pending, :failed, :givenUp)"
      : "(#state IN (:pending, :failed) AND nextAttemptAt <= :now)";
    const written = await outputIfHeld(
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.leadWebhook(leadId),
          UpdateExpression:
            "SET #state = :sending, leaseUntil = :lease, claimToken = :token, #dpk = :due, #dsk = :dueAt REMOVE nextAttemptAt",
          ConditionExpression: `attribute_exists(pk) AND (${waiting} OR (#state = :sending AND leaseUntil <= :now))`,
          ExpressionAttributeNames: { "#state": "webhookState", ...dueIndexNames },
          ExpressionAttributeValues: {
            ":pending": "pending",
            ":failed": "failed",
            ...(options.force ? { ":givenUp": "given-up" } : {}),
            ":sending": "sending",
            ":now": now.toISOString(),
            ":lease": leaseUntil,
            ":token": token,
            ":due": WEBHOOK_DUE_PARTITION,
            // A crashed sender's delivery is due again when its lease lapses.
            ":dueAt": `${leaseUntil}#${leadId}`,
          },
        }),
      ),
    );
    return written ? { token } : undefined;
  }

  /**
   * Appends an attempt and its outcome, if this sender still holds the delivery: delivered
   * (out of the due index), due again after a wait, or given up past the lead's 24 hours (still
   * owed, under a key no due query reaches).
   */
  async record(
    leadId: string,
    token: string,
    attempt: WebhookAttempt,
    now: Date,
    leadCreatedAt: string,
  ): Promise<WebhookDelivery | undefined> {
    const common = {
      TableName: this.table,
      Key: keys.leadWebhook(leadId),
      ConditionExpression: "claimToken = :token",
      ReturnValues: "ALL_NEW" as const,
    };
    if (attempt.error === undefined) {
      const written = await outputIfHeld(
        this.db.send(
          new UpdateCommand({
            ...common,
            UpdateExpression:
              "SET #state = :delivered, deliveredAt = :now, attempts = list_append(attempts, :attempt) REMOVE leaseUntil, claimToken, nextAttemptAt, #dpk, #dsk",
            ExpressionAttributeNames: { "#state": "webhookState", ...dueIndexNames },
            ExpressionAttributeValues: {
              ":delivered": "delivered",
              ":now": now.toISOString(),
              ":attempt": [attempt],
              ":token": token,
            },
          }),
        ),
      );
      return written?.Attributes ? webhookFromItem(written.Attributes) : undefined;
    }
    const current = await this.get(leadId);
    const failures = (current?.attempts.filter((previous) => previous.error !== undefined).length ?? 0) + 1;
    const next = nextWebhookAttempt(failures, now, leadCreatedAt);
    const state: WebhookState = next ? "failed" : "given-up";
    const written = await outputIfHeld(
      this.db.send(
        new UpdateCommand({
          ...common,
          UpdateExpression: `SET #state = :state, attempts = list_append(attempts, :attempt), #dpk = :due, #dsk = :dueAt${next ? ", nextAttemptAt = :next" : ""} REMOVE leaseUntil, claimToken${next ? "" : ", nextAttemptAt"}`,
          ExpressionAttributeNames: { "#state": "webhookState", ...dueIndexNames },
          ExpressionAttributeValues: {
            ":state": state,
            ":attempt": [attempt],
            ":token": token,
            ":due": WEBHOOK_DUE_PARTITION,
            ":dueAt": next ? `${next}#${leadId}` : `${GIVEN_UP_SORT_PREFIX}${leadCreatedAt}#${leadId}`,
            ...(next ? { ":next": next } : {}),
          },
        }),
      ),
    );
    return written?.Attributes ? webhookFromItem(written.Attributes) : undefined;
  }

  /** Ids of the leads whose delivery is due at `now`, the most overdue first. */
  listDue(now: Date, limit: number): Promise<string[]> {
    return dueItems(this.db, this.table, WEBHOOK_DUE_PARTITION, "leadId", now, limit);
  }

  /** When the oldest lead not delivered to the CRM yet arrived; the due partition holds only those. */
  async oldestUndelivered(): Promise<string | undefined> {
    return earliestIn(this.db, this.table, WEBHOOK_DUE_PARTITION, "leadCreatedAt");
  }
}

const dueIndexNames = {
  "#dpk": tableDesign.indexes.published.partitionKey,
  "#dsk": tableDesign.indexes.published.sortKey,
};

function dueKey(sortKey: string): Record<string, string> {
  const { partitionKey, sortKey: sortName } = tableDesign.indexes.published;
  return { [partitionKey]: WEBHOOK_DUE_PARTITION, [sortName]: sortKey };
}

/** A delivery as stored, read back. */
export function webhookFromItem(item: Record<string, unknown>): WebhookDelivery {
  const attempts = Array.isArray(item.attempts) ? (item.attempts as WebhookAttempt[]) : [];
  return {
    leadId: String(item.leadId),
    state: item.webhookState as WebhookState,
    attempts,
    ...(typeof item.nextAttemptAt === "string" ? { nextAttemptAt: item.nextAttemptAt } : {}),
    ...(typeof item.deliveredAt === "string" ? { deliveredAt: item.deliveredAt } : {}),
  };
}
