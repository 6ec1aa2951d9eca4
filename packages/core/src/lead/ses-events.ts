// Zod Mini: the function that reads bounces and complaints parses with it alone, about 65 KB
// lighter than classic zod.
import * as z from "zod/mini";
import type { SuppressionReason } from "./lead.ts";
import { normalizeEmail } from "./lead.ts";

/**
 * Bounces and complaints as SES event publishing delivers them through SNS
 * (docs/decisions/0167-bounces-and-complaints.md). Only what the decision needs is read;
 * everything else SES sends is let through unread.
 */

/** A Lambda invocation by an SNS subscription: one notification per record in practice. */
const snsInvocationSchema = z.object({
  Records: z.array(
    z.object({
      EventSource: z.literal("aws:sns"),
      Sns: z.object({ TopicArn: z.string(), MessageId: z.string(), Message: z.string() }),
    }),
  ),
});

const recipientsSchema = z.array(z.object({ emailAddress: z.string() }));

/** SES event publishing says `eventType`; identity notifications say `notificationType`. */
const sesEventSchema = z.union([
  z.object({
    kind: z.literal("Bounce"),
    bounce: z.object({
      bounceType: z.string(),
      bouncedRecipients: recipientsSchema,
      timestamp: z.optional(z.string()),
    }),
  }),
  z.object({
    kind: z.literal("Complaint"),
    complaint: z.object({ complainedRecipients: recipientsSchema, timestamp: z.optional(z.string()) }),
  }),
  z.object({ kind: z.string() }),
]);

export interface Suppression {
  email: string;
  reason: SuppressionReason;
  at: Date;
}

export interface SesNotifications {
  /** The SES events of the notifications from the expected topic, as parsed JSON. */
  events: unknown[];
  /** Message ids of notifications from any other topic: never read. */
  foreign: string[];
}

/**
 * The SES events an SNS invocation carries, from `topicArn` only. The invocation itself is
 * authorized by AWS (the function's resource policy names the topic); the topic check makes
 * sure a function wired to another topic by mistake suppresses nobody.
 */
export function sesNotifications(invocation: unknown, topicArn: string): SesNotifications {
  const { Records } = snsInvocationSchema.parse(invocation);
  const result: SesNotifications = { events: [], foreign: [] };
  for (const { Sns } of Records) {
    if (Sns.TopicArn !== topicArn) result.foreign.push(Sns.MessageId);
    else result.events.push(JSON.parse(Sns.Message) as unknown);
  }
  return result;
}

/**
 * The addresses an SES event says to stop mailing: every recipient of a permanent bounce and
 * of a complaint. A transient bounce (mailbox full, greylisting) and an undetermined one are
 * nobody's final answer, and any other event (delivery, send, open) suppresses nothing.
 */
export function suppressionsOf(event: unknown, receivedAt: Date): Suppression[] {
  const raw = (event ?? {}) as Record<string, unknown>;
  const parsed = sesEventSchema.parse({ ...raw, kind: raw.eventType ?? raw.notificationType });
  if ("bounce" in parsed) {
    if (parsed.bounce.bounceType !== "Permanent") return [];
    return recipients(parsed.bounce.bouncedRecipients, "bounce", when(parsed.bounce.timestamp, receivedAt));
  }
  if ("complaint" in parsed)
    return recipients(parsed.complaint.complainedRecipients, "complaint", when(parsed.complaint.timestamp, receivedAt));
  return [];
}

function recipients(list: { emailAddress: string }[], reason: SuppressionReason, at: Date): Suppression[] {
  return list.map(({ emailAddress }) => ({ email: bareAddress(emailAddress), reason, at }));
}

/** A DSN's Final-Recipient may come as `Name <address>`: the address is what we stored. */
function bareAddress(value: string): string {
  return normalizeEmail(/<([^>]+)>/.exec(value)?.[1] ?? value);
}

function when(timestamp: string | undefined, fallback: Date): Date {
  const at = timestamp ? new Date(timestamp) : fallback;
  return Number.isNaN(at.getTime()) ? fallback : at;
}
