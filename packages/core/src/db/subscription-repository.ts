import { TableStore } from "./table-store.ts";
import { PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { normalizeEmail, type ConsentRecord, type Subscriber, type SuppressionReason } from "../lead/lead.ts";
import type { StoredSubscription, SubscriptionStore } from "../lead/newsletter-store.ts";
import { conditionHeld, outputIfHeld } from "./dynamo-client.ts";
import { queryAll } from "./paging.ts";
import { KIND, keys, tableDesign } from "./table-design.ts";

/**
 * Newsletter subscriptions, one item per address (docs/decisions/0160-newsletter-double-opt-in.md).
 * Every change is one conditional write of that item, so concurrent requests cannot mail twice
 * or confirm with a used link. The team's notice of a new subscriber is a lead, kept by
 * `LeadRepository` (docs/decisions/0320-one-store-per-kind-of-item.md).
 */
export class SubscriptionRepository extends TableStore implements SubscriptionStore {
  async findSubscription(email: string): Promise<StoredSubscription | undefined> {
    const item = await this.readItem(keys.subscriber(normalizeEmail(email)));
    if (!item) return undefined;
    return {
      subscriber: subscriberFromItem(item),
      ...(typeof item.confirmNonce === "string" ? { nonce: item.confirmNonce } : {}),
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

  /** Every subscription, newest first: the subscribers view counts and filters them all (decision 0169). */
  async allSubscribers(): Promise<Subscriber[]> {
    const items = await queryAll(this.db, this.table, tableDesign.indexes.byKind, KIND.subscriber);
    return items.map(subscriberFromItem);
  }
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
