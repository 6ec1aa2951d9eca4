import { randomUUID } from "node:crypto";
import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import {
  SENDING_LEASE_MS,
  SPAM_RETENTION_MS,
  nextAttemptAfter,
  normalizeEmail,
  type ConsentRecord,
  type DeliveryState,
  type Lead,
  type Subscriber,
  type SuppressionReason,
} from "../lead/lead.ts";
import type { Claim, DeliveryStore, FailureRecord } from "../lead/lead-store.ts";
import type { StoredSubscription, SubscriptionStore } from "../lead/newsletter-store.ts";
import { conditionHeld, outputIfHeld } from "./dynamo-client.ts";
import type { Page } from "../page.ts";
import { dueItems, queryAll, queryEvery, queryPage } from "./paging.ts";
import { GIVEN_UP_SORT_PREFIX, KIND, UNDELIVERED_PARTITION, keys, tableDesign } from "./table-design.ts";

/**
 * Leads and subscribers. The store has no transactions, so each step is one conditional
 * single-item write:
 *  1. the lead is written first (`attribute_not_exists`), before any provider is called;
 *  2. a sender claims it (pending/failed, or sending with a lapsed lease -> sending, with a
 *     fresh lease and token): two senders can never both hold it, so a lead is mailed once
 *     however many retries run at the same time;
 *  3. the sender records the outcome. A sender that crashes between 2 and 3 leaves a lease
 *     that lapses, after which the lead is due again.
 */
export class LeadRepository implements DeliveryStore, SubscriptionStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  /** Stores a new lead; false when one with this id already exists (a repeated subscription). */
  async create(lead: Lead): Promise<boolean> {
    return conditionHeld(
      this.db.send(
        new PutCommand({ TableName: this.table, Item: toItem(lead), ConditionExpression: "attribute_not_exists(pk)" }),
      ),
    );
  }

  async get(id: string): Promise<Lead | undefined> {
    const { Item } = await this.db.send(
      new GetCommand({ TableName: this.table, Key: keys.lead(id), ConsistentRead: true }),
    );
    return Item ? leadFromItem(Item) : undefined;
  }

  async getSubscriber(email: string): Promise<Subscriber | undefined> {
    return (await this.findSubscription(email))?.subscriber;
  }

  async findSubscription(email: string): Promise<StoredSubscription | undefined> {
    const { Item } = await this.db.send(
      new GetCommand({ TableName: this.table, Key: keys.subscriber(normalizeEmail(email)), ConsistentRead: true }),
    );
    if (!Item) return undefined;
    return {
      subscriber: subscriberFromItem(Item),
      ...(typeof Item.confirmNonce === "string" ? { nonce: Item.confirmNonce } : {}),
    };
  }

  async createPending(subscriber: Subscriber, nonce: string, expiresAt: number): Promise<boolean> {
    const email = normalizeEmail(subscriber.email);
    const { byKind } = tableDesign.indexes;
    const { state, consent, ...fields } = subscriber;
    return conditionHeld(
      this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: {
            ...keys.subscriber(email),
            ...fields,
            email,
            subscriptionState: state,
            ...(consent ? { consent } : {}),
            confirmNonce: nonce,
            expiresAt,
            [byKind.partitionKey]: KIND.subscriber,
            [byKind.sortKey]: `${subscriber.createdAt}#${email}`,
          },
          ConditionExpression: "attribute_not_exists(pk)",
        }),
      ),
    );
  }

  async renewRequest(
    email: string,
    request: { language: Subscriber["language"]; consent: ConsentRecord; nonce: string; expiresAt?: number },
  ): Promise<boolean> {
    const legacy = request.expiresAt === undefined;
    return this.conditionalUpdate(email, {
      UpdateExpression: `SET subscriptionState = :pending, #language = :language, consent = :consent, confirmNonce = if_not_exists(confirmNonce, :nonce)${legacy ? ", legacy = :true" : ", expiresAt = :expires"}`,
      // A stored subscription that is neither confirmed nor suppressed (a legacy one has no state yet).
      ConditionExpression:
        "attribute_exists(pk) AND (attribute_not_exists(subscriptionState) OR NOT subscriptionState IN (:confirmed, :suppressed))",
      ExpressionAttributeNames: { "#language": "language" },
      ExpressionAttributeValues: {
        ":pending": "pending",
        ":confirmed": "confirmed",
        ":suppressed": "suppressed",
        ":language": request.language,
        ":consent": request.consent,
        ":nonce": request.nonce,
        ...(legacy ? { ":true": true } : { ":expires": request.expiresAt }),
      },
    });
  }

  async claimConfirmationMail(email: string, now: Date, resendAfterMs: number): Promise<string | undefined> {
    const Attributes = (
      await outputIfHeld(
        this.db.send(
          new UpdateCommand({
            TableName: this.table,
            Key: keys.subscriber(normalizeEmail(email)),
            UpdateExpression: "SET confirmationSentAt = :now",
            ConditionExpression:
              "subscriptionState = :pending AND attribute_exists(confirmNonce) AND (attribute_not_exists(confirmationSentAt) OR confirmationSentAt <= :before)",
            ExpressionAttributeValues: {
              ":pending": "pending",
              ":now": now.toISOString(),
              ":before": new Date(now.getTime() - resendAfterMs).toISOString(),
            },
            ReturnValues: "ALL_NEW",
          }),
        ),
      )
    )?.Attributes;
    return typeof Attributes?.confirmNonce === "string" ? Attributes.confirmNonce : undefined;
  }

  async releaseConfirmationMail(email: string, claimedAt: Date): Promise<void> {
    await this.conditionalUpdate(email, {
      UpdateExpression: "REMOVE confirmationSentAt",
      ConditionExpression: "confirmationSentAt = :claimed",
      ExpressionAttributeValues: { ":claimed": claimedAt.toISOString() },
    });
  }

  async confirm(email: string, nonce: string, now: Date): Promise<boolean> {
    return this.conditionalUpdate(email, {
      UpdateExpression: "SET subscriptionState = :confirmed, confirmedAt = :now REMOVE confirmNonce, expiresAt, legacy",
      ConditionExpression: "confirmNonce = :nonce AND subscriptionState = :pending",
      ExpressionAttributeValues: {
        ":confirmed": "confirmed",
        ":pending": "pending",
        ":nonce": nonce,
        ":now": now.toISOString(),
      },
    });
  }

  /**
   * Only the address's owner holds an unsubscribe token, so leaving also clears the 24-hour
   * mail claim: subscribing again right after gets its confirmation mail.
   */
  async unsubscribe(email: string, now: Date): Promise<boolean> {
    return this.conditionalUpdate(email, {
      UpdateExpression:
        "SET subscriptionState = :unsubscribed, unsubscribedAt = if_not_exists(unsubscribedAt, :now) REMOVE confirmNonce, expiresAt, confirmationSentAt",
      // Leaving must not turn a suppressed address into one that may subscribe again (decision 0167).
      ConditionExpression:
        "attribute_exists(pk) AND (attribute_not_exists(subscriptionState) OR subscriptionState <> :suppressed)",
      ExpressionAttributeValues: {
        ":unsubscribed": "unsubscribed",
        ":suppressed": "suppressed",
        ":now": now.toISOString(),
      },
    });
  }

  /**
   * Suppressed for good (docs/decisions/0167-bounces-and-complaints.md): the TTL is removed so a
   * pending subscription that bounced is not forgotten after 30 days (and then mailed again),
   * and the confirmation nonce so its link stops working. SES repeats events: the first
   * report's time and reason stay.
   */
  async suppress(email: string, reason: SuppressionReason, at: Date): Promise<boolean> {
    return this.conditionalUpdate(email, {
      UpdateExpression:
        "SET subscriptionState = :suppressed, suppressedAt = if_not_exists(suppressedAt, :at), suppressionReason = if_not_exists(suppressionReason, :reason) REMOVE confirmNonce, expiresAt, confirmationSentAt, legacy",
      ConditionExpression: "attribute_exists(pk)",
      ExpressionAttributeValues: { ":suppressed": "suppressed", ":at": at.toISOString(), ":reason": reason },
    });
  }

  /** One conditional update of a subscription; false when its condition does not hold. */
  private async conditionalUpdate(
    email: string,
    update: Pick<
      ConstructorParameters<typeof UpdateCommand>[0],
      "UpdateExpression" | "ConditionExpression" | "ExpressionAttributeNames" | "ExpressionAttributeValues"
    >,
  ): Promise<boolean> {
    return conditionHeld(
      this.db.send(
        new UpdateCommand({ TableName: this.table, Key: keys.subscriber(normalizeEmail(email)), ...update }),
      ),
    );
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
    const { name, partitionKey } = tableDesign.indexes.published;
    const items = await queryEvery(this.db, {
      TableName: this.table,
      IndexName: name,
      KeyConditionExpression: "#pk = :partition",
      ExpressionAttributeNames: { "#pk": partitionKey },
      ExpressionAttributeValues: { ":partition": UNDELIVERED_PARTITION },
      ProjectionExpression: "createdAt",
    });
    return items.map((item) => String(item.createdAt)).sort()[0];
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

  /** Every subscription, newest first: the subscribers view counts and filters them all (decision 0169). */
  async allSubscribers(): Promise<Subscriber[]> {
    const items = await queryAll(this.db, this.table, tableDesign.indexes.byKind, KIND.subscriber);
    return items.map(subscriberFromItem);
  }

  async listSubscribers(options: { limit: number; cursor?: string }): Promise<Page<Subscriber>> {
    const page = await queryPage(this.db, this.table, tableDesign.indexes.byKind, KIND.subscriber, options);
    return { ...page, items: page.items.map(subscriberFromItem) };
  }
}

const dueIndexNames = {
  "#dpk": tableDesign.indexes.published.partitionKey,
  "#dsk": tableDesign.indexes.published.sortKey,
};

function toItem(lead: Lead): Record<string, unknown> {
  const { delivery, ...fields } = lead;
  const { byKind, published: due } = tableDesign.indexes;
  const spam = delivery.state === "spam";
  return {
    ...keys.lead(lead.id),
    ...fields,
    deliveryState: delivery.state,
    attempts: delivery.attempts,
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
  };
  for (const name of ["name", "message", "company", "phone"] as const) {
    const value = text(name);
    if (value !== undefined) lead[name] = value;
  }
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

/**
 * A subscriber in either stored format. Items written before confirmations existed carry no
 * `subscriptionState` and no consent: they read as pending and legacy, never as confirmed
 * (docs/decisions/0160-newsletter-double-opt-in.md; fixture `test/fixtures/subscriber-v1.json`).
 */
export function subscriberFromItem(item: Record<string, unknown>): Subscriber {
  const text = (name: string) => (typeof item[name] === "string" ? (item[name] as string) : undefined);
  const state = text("subscriptionState") as Subscriber["state"] | undefined;
  const subscriber: Subscriber = {
    email: String(item.email),
    language: item.language as Subscriber["language"],
    createdAt: String(item.createdAt),
    leadId: String(item.leadId),
    state: state ?? "pending",
  };
  if (!state || item.legacy === true) subscriber.legacy = true;
  if (item.consent && typeof item.consent === "object") subscriber.consent = item.consent as ConsentRecord;
  for (const name of ["confirmationSentAt", "confirmedAt", "unsubscribedAt", "suppressedAt"] as const) {
    const value = text(name);
    if (value !== undefined) subscriber[name] = value;
  }
  const reason = text("suppressionReason");
  if (reason === "bounce" || reason === "complaint") subscriber.suppressionReason = reason;
  return subscriber;
}
