import { TableStore } from "./table-store.ts";
import { randomUUID } from "node:crypto";
import { PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { SENDING_LEASE_MS, SPAM_RETENTION_MS, nextAttemptAfter, type DeliveryState, type Lead } from "../lead/lead.ts";
import { LEAD_INBOX_STATES, inInboxFilter, type LeadInboxFilter, type LeadInboxState } from "../lead/lead-inbox.ts";
import type { LeadInboxInput } from "../lead/lead-inbox-schema.ts";
import { matchesEveryWord } from "../fold-text.ts";
import { BadRequestError, NotFoundError } from "../errors.ts";
import type { Claim, DeliveryStore, FailureRecord } from "../lead/lead-store.ts";
import { leadSourceSchema, type LeadSource } from "../lead/lead-source.ts";
import { conditionHeld, outputIfHeld } from "./dynamo-client.ts";
import type { Page } from "../page.ts";
import { dueItems, earliestIn, queryEvery, queryPage } from "./paging.ts";
import { GIVEN_UP_SORT_PREFIX, KIND, UNDELIVERED_PARTITION, keys, tableDesign } from "./table-design.ts";

/**
 * Leads: contact and trial requests and the team's notices of new subscribers, each with its
 * delivery (subscriptions have a store of their own, `subscription-repository.ts`:
 * docs/decisions/0320-one-store-per-kind-of-item.md). The store has no transactions, so each step is one conditional
 * single-item write:
 *  1. the lead is written first (`attribute_not_exists`), before any provider is called;
 *  2. a sender claims it (pending/failed, or sending with a lapsed lease -> sending, with a
 *     fresh lease and token): two senders can never both hold it, so a lead is mailed once
 *     however many retries run at the same time;
 *  3. the sender records the outcome. A sender that crashes between 2 and 3 leaves a lease
 *     that lapses, after which the lead is due again.
 */
export class LeadRepository extends TableStore implements DeliveryStore {
  /** Stores a new lead; false when one with this id already exists (a repeated subscription). */
  async create(lead: Lead): Promise<boolean> {
    return conditionHeld(
      this.db.send(
        new PutCommand({ TableName: this.table, Item: toItem(lead), ConditionExpression: "attribute_not_exists(pk)" }),
      ),
    );
  }

  async get(id: string): Promise<Lead | undefined> {
    const item = await this.readItem(keys.lead(id));
    return item ? leadFromItem(item) : undefined;
  }
  /**
   * A conditional update of a lead's delivery (the due index's names given): the lead's new
   * item, or undefined when the condition did not hold.
   */
  private async updateLeadIfHeld(
    id: string,
    update: Pick<
      ConstructorParameters<typeof UpdateCommand>[0],
      "UpdateExpression" | "ConditionExpression" | "ExpressionAttributeValues"
    >,
  ): Promise<Record<string, unknown> | undefined> {
    const written = await outputIfHeld(
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.lead(id),
          ExpressionAttributeNames: dueIndexNames,
          ReturnValues: "ALL_NEW",
          ...update,
        }),
      ),
    );
    return written?.Attributes;
  }

  /**
   * Takes the lead for sending. Without `force` only a lead that is due (pending or failed
   * with its next attempt reached, or sending with a lapsed lease); with `force` (an
   * administrator's retry) also a failed one the job gave up on. Never a live claim, never
   * a sent one, never spam. Undefined when the lead cannot be taken.
   */
  async claim(id: string, now: Date, options: { force?: boolean } = {}): Promise<Claim | undefined> {
    const token = randomUUID();
    const leaseUntil = new Date(now.getTime() + SENDING_LEASE_MS).toISOString();
    const waiting = options.force
      ? "deliveryState IN (:pending, :failed)"
      : "(deliveryState IN (:pending, :failed) AND nextAttemptAt <= :now)";
    const Attributes = await this.updateLeadIfHeld(id, {
      UpdateExpression:
        "SET deliveryState = :sending, leaseUntil = :lease, claimToken = :token, attempts = attempts + :one, #dpk = :undelivered, #dsk = :due REMOVE nextAttemptAt",
      ConditionExpression: `attribute_exists(pk) AND (${waiting} OR (deliveryState = :sending AND leaseUntil <= :now))`,
      ExpressionAttributeValues: {
        ":pending": "pending",
        ":failed": "failed",
        ":sending": "sending",
        ":now": now.toISOString(),
        ":lease": leaseUntil,
        ":token": token,
        ":one": 1,
        ":undelivered": UNDELIVERED_PARTITION,
        // A crashed sender's lead is due again when its lease lapses.
        ":due": `${leaseUntil}#${id}`,
      },
    });
    return Attributes ? { lead: leadFromItem(Attributes), token } : undefined;
  }

  /**
   * Records a send. Not tied to the claim token: the mail did leave, so "sent" is the truth
   * even in the rare case another sender took over a lapsed lease meanwhile.
   */
  async markSent(id: string, now: Date, transport: string, providerId?: string): Promise<Lead> {
    const { Attributes } = await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: keys.lead(id),
        UpdateExpression: `SET deliveryState = :sent, sentAt = :now, transport = :transport${providerId ? ", providerId = :providerId" : ""} REMOVE leaseUntil, claimToken, nextAttemptAt, lastError, lastErrorDetail, #dpk, #dsk`,
        ConditionExpression: "attribute_exists(pk)",
        ExpressionAttributeNames: dueIndexNames,
        ExpressionAttributeValues: {
          ":sent": "sent",
          ":now": now.toISOString(),
          ":transport": transport,
          ...(providerId ? { ":providerId": providerId } : {}),
        },
        ReturnValues: "ALL_NEW",
      }),
    );
    return leadFromItem(Attributes!);
  }

  /**
   * Records a failed attempt, if this sender still holds the lead (a stale sender must not
   * overwrite a later success). A retryable failure is due again after a back-off; one that
   * is not, or one past the automatic attempts, waits for an administrator.
   */
  async markFailed(claim: Claim, now: Date, failure: FailureRecord): Promise<Lead | undefined> {
    const { id } = claim.lead;
    const nextAttemptAt = nextAttemptAfter(claim.lead.delivery.attempts, now, failure.retryable);
    // Given up: still owed, under a key no due query reaches (docs/decisions/0302-delivery-metrics.md).
    const schedule = nextAttemptAt ? ", nextAttemptAt = :next" : "";
    const unschedule = nextAttemptAt ? "" : ", nextAttemptAt";
    const Attributes = await this.updateLeadIfHeld(id, {
      UpdateExpression: `SET deliveryState = :failed, lastError = :code, lastErrorDetail = :detail, #dpk = :undelivered, #dsk = :due${schedule} REMOVE leaseUntil, claimToken${unschedule}`,
      ConditionExpression: "claimToken = :token",
      ExpressionAttributeValues: {
        ":failed": "failed",
        ":code": failure.code,
        ":detail": failure.detail.slice(0, 500),
        ":token": claim.token,
        ":undelivered": UNDELIVERED_PARTITION,
        ":due": nextAttemptAt ? `${nextAttemptAt}#${id}` : `${GIVEN_UP_SORT_PREFIX}${claim.lead.createdAt}#${id}`,
        ...(nextAttemptAt ? { ":next": nextAttemptAt } : {}),
      },
    });
    return Attributes ? leadFromItem(Attributes) : undefined;
  }

  /** Ids of leads whose send is due at `now`, oldest due first. */
  async listDue(now: Date, limit: number): Promise<string[]> {
    return dueItems(this.db, this.table, UNDELIVERED_PARTITION, "id", now, limit);
  }

  /**
   * When the oldest lead not delivered yet was received: due, waiting for its next attempt,
   * being sent, or given up (waiting for an administrator); undefined when every lead was
   * delivered. Reads the UNDELIVERED partition only, which holds just those leads.
   */
  async oldestUndelivered(): Promise<string | undefined> {
    return earliestIn(this.db, this.table, UNDELIVERED_PARTITION, "createdAt");
  }

  /**
   * Sets a lead's place in the team's inbox and its note (docs/decisions/0452-leads-as-an-inbox.md):
   * one conditional update, which touches nothing of its delivery. 404 when there is no such lead.
   */
  async setInbox(id: string, input: LeadInboxInput, now: Date): Promise<Lead> {
    const written = await outputIfHeld(
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.lead(id),
          UpdateExpression: `SET inboxState = :state, inboxUpdatedAt = :now${input.note ? ", note = :note" : " REMOVE note"}`,
          ConditionExpression: "attribute_exists(pk)",
          ExpressionAttributeValues: {
            ":state": input.state,
            ":now": now.toISOString(),
            ...(input.note ? { ":note": input.note } : {}),
          },
          ReturnValues: "ALL_NEW",
        }),
      ),
    );
    if (!written?.Attributes) throw new NotFoundError("Lead not found.");
    return leadFromItem(written.Attributes);
  }

  /**
   * The leads (spam apart) in one place of the inbox whose name, address, company, phone, message
   * or note hold every word of `q` (any case or accents), newest first, a page at a time (the
   * cursor is how many came before). Reads every lead: the inbox of one site's team, like the
   * subscriber list (docs/decisions/0452-leads-as-an-inbox.md).
   */
  async search(options: { q: string; inbox: LeadInboxFilter; limit: number; cursor?: string }): Promise<Page<Lead>> {
    const start = options.cursor === undefined ? 0 : Number(options.cursor);
    if (!Number.isSafeInteger(start) || start < 0) throw new BadRequestError("invalid_cursor", "cursor is not valid.");
    const items = await queryEvery(this.db, {
      TableName: this.table,
      IndexName: tableDesign.indexes.byKind.name,
      KeyConditionExpression: "#pk = :kind",
      ExpressionAttributeNames: { "#pk": tableDesign.indexes.byKind.partitionKey },
      ExpressionAttributeValues: { ":kind": KIND.lead },
      ScanIndexForward: false,
    });
    const found = items
      .map(leadFromItem)
      .filter(
        (lead) =>
          inInboxFilter(lead.inbox.state, options.inbox) &&
          matchesEveryWord(options.q, [lead.name, lead.email, lead.company, lead.phone, lead.message, lead.inbox.note]),
      );
    const end = start + options.limit;
    return { items: found.slice(start, end), ...(end < found.length ? { nextCursor: String(end) } : {}) };
  }

  /** Leads newest first; spam apart so it never crowds out real ones. */
  async list(options: { spam?: boolean; limit: number; cursor?: string }): Promise<Page<Lead>> {
    const page = await queryPage(
      this.db,
      this.table,
      tableDesign.indexes.byKind,
      options.spam ? KIND.spam : KIND.lead,
      options,
    );
    return { ...page, items: page.items.map(leadFromItem) };
  }
}

const dueIndexNames = {
  "#dpk": tableDesign.indexes.published.partitionKey,
  "#dsk": tableDesign.indexes.published.sortKey,
};

function toItem(lead: Lead): Record<string, unknown> {
  const { delivery, inbox, ...fields } = lead;
  const { byKind, published: due } = tableDesign.indexes;
  const spam = delivery.state === "spam";
  return {
    ...keys.lead(lead.id),
    ...fields,
    deliveryState: delivery.state,
    attempts: delivery.attempts,
    // A new lead is stored as leads were before the inbox: without a state, which reads as new.
    ...(inbox.state === "new" ? {} : { inboxState: inbox.state }),
    ...(inbox.note ? { note: inbox.note } : {}),
    ...(delivery.nextAttemptAt ? { nextAttemptAt: delivery.nextAttemptAt } : {}),
    [byKind.partitionKey]: spam ? KIND.spam : KIND.lead,
    [byKind.sortKey]: `${lead.createdAt}#${lead.id}`,
    ...(delivery.nextAttemptAt
      ? { [due.partitionKey]: UNDELIVERED_PARTITION, [due.sortKey]: `${delivery.nextAttemptAt}#${lead.id}` }
      : {}),
    ...(spam ? { expiresAt: Math.ceil((Date.parse(lead.createdAt) + SPAM_RETENTION_MS) / 1000) } : {}),
  };
}

/** A lead as stored, read back (also for a person's data export). */
export function leadFromItem(item: Record<string, unknown>): Lead {
  const text = (name: string) => (typeof item[name] === "string" ? (item[name] as string) : undefined);
  const lead: Lead = {
    id: String(item.id),
    kind: item.kind as Lead["kind"],
    email: String(item.email),
    language: item.language as Lead["language"],
    createdAt: String(item.createdAt),
    delivery: { state: item.deliveryState as DeliveryState, attempts: Number(item.attempts ?? 0) },
    // Stored before the inbox: new.
    inbox: { state: isInboxState(item.inboxState) ? item.inboxState : "new" },
  };
  const note = text("note");
  if (note !== undefined) lead.inbox.note = note;
  const inboxUpdatedAt = text("inboxUpdatedAt");
  if (inboxUpdatedAt !== undefined) lead.inbox.updatedAt = inboxUpdatedAt;
  for (const name of ["name", "message", "company", "phone"] as const) {
    const value = text(name);
    if (value !== undefined) lead[name] = value;
  }
  const source = sourceFromItem(item.source);
  if (source) lead.source = source;
  for (const name of [
    "lastError",
    "lastErrorDetail",
    "nextAttemptAt",
    "leaseUntil",
    "sentAt",
    "transport",
    "providerId",
  ] as const) {
    const value = text(name);
    if (value !== undefined) lead.delivery[name] = value;
  }
  return lead;
}

function isInboxState(value: unknown): value is LeadInboxState {
  return (LEAD_INBOX_STATES as readonly unknown[]).includes(value);
}

/** A stored lead's source, read through the schema it was accepted with (anything else reads as none). */
function sourceFromItem(value: unknown): LeadSource | undefined {
  if (!value || typeof value !== "object") return undefined;
  const parsed = leadSourceSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
