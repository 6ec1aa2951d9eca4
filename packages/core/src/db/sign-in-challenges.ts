import { DeleteCommand, PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { isRole, type AssignableRole } from "../staff/roles.ts";
import { conditionHeld, outputIfHeld } from "./dynamo-client.ts";
import { KIND, keys, listedUnder } from "./table-design.ts";
import { TableStore } from "./table-store.ts";

/**
 * A sign-in in progress (docs/decisions/0422-passkeys-and-mailed-codes.md): a password that
 * was right on a device not seen before waits for the code mailed to its person; a passkey
 * ceremony waits for the authenticator's answer to its challenge.
 */
export interface Challenge {
  id: string;
  kind: "code" | "passkey-sign-in" | "passkey-register";
  /** Whose sign-in (a code, a registration); a passkey sign-in learns it from the credential. */
  staffId?: string;
  /** A code's SHA-256 (keyed with the site's secret), never the code. */
  codeHash?: string;
  /** The WebAuthn challenge (base64url) the browser's authenticator must sign. */
  challenge?: string;
  /** The device the code admits (its cookie's id), known from then on. */
  deviceId?: string;
  attempts: number;
  /** How many codes were mailed for this sign-in. */
  sends: number;
  lastSentAt?: string;
  /** Epoch seconds; TTL, and checked on every read. */
  expiresAt: number;
}

export interface Invitation {
  /** The SHA-256 of the token in the link (the token itself is only ever in the mail). */
  id: string;
  email: string;
  role: AssignableRole;
  name: string;
  invitedBy: string;
  createdAt: string;
  /** Epoch seconds. */
  expiresAt: number;
}

/** Challenges and invitations: each used once, by a conditional delete. */
export class SignInChallenges extends TableStore {
  async create(challenge: Challenge): Promise<void> {
    await this.putNew({ ...keys.challenge(challenge.id), ...challenge });
  }

  async get(id: string, now: Date): Promise<Challenge | undefined> {
    const item = await this.readItem(keys.challenge(id));
    if (!item || Number(item.expiresAt) * 1000 <= now.getTime()) return undefined;
    return {
      id: String(item.id),
      kind: item.kind === "code" || item.kind === "passkey-register" ? item.kind : "passkey-sign-in",
      ...(typeof item.staffId === "string" ? { staffId: item.staffId } : {}),
      ...(typeof item.codeHash === "string" ? { codeHash: item.codeHash } : {}),
      ...(typeof item.challenge === "string" ? { challenge: item.challenge } : {}),
      ...(typeof item.deviceId === "string" ? { deviceId: item.deviceId } : {}),
      attempts: Number(item.attempts ?? 0),
      sends: Number(item.sends ?? 0),
      ...(typeof item.lastSentAt === "string" ? { lastSentAt: item.lastSentAt } : {}),
      expiresAt: Number(item.expiresAt),
    };
  }

  /** Counts one try of a code; false when it had `max` already (the sign-in is over: start again). */
  async countAttempt(id: string, max: number): Promise<boolean> {
    return conditionHeld(
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.challenge(id),
          UpdateExpression: "ADD attempts :one",
          ConditionExpression: "attribute_exists(pk) AND attempts < :max",
          ExpressionAttributeValues: { ":one": 1, ":max": max },
        }),
      ),
    );
  }

  /** Uses the challenge up: true for the one call that deleted it, so a code or challenge works once. */
  async consume(id: string): Promise<boolean> {
    return this.deleteIf(keys.challenge(id), "attribute_exists(pk)");
  }

  /**
   * Replaces the code with a new one, within the resend limits: fewer than `maxSends` mailed and
   * the last at least `gapMs` ago. False otherwise. The tries start again; the expiry does not move.
   */
  async replaceCode(id: string, codeHash: string, now: Date, maxSends: number, gapMs: number): Promise<boolean> {
    return conditionHeld(
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.challenge(id),
          UpdateExpression: "SET codeHash = :hash, lastSentAt = :now, attempts = :zero ADD sends :one",
          ConditionExpression:
            "attribute_exists(pk) AND sends < :max AND lastSentAt <= :before AND expiresAt > :nowSeconds",
          ExpressionAttributeValues: {
            ":hash": codeHash,
            ":now": now.toISOString(),
            ":zero": 0,
            ":one": 1,
            ":max": maxSends,
            ":before": new Date(now.getTime() - gapMs).toISOString(),
            ":nowSeconds": Math.floor(now.getTime() / 1000),
          },
        }),
      ),
    );
  }

  async createInvitation(invitation: Invitation): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: { ...keys.invitation(invitation.id), ...invitation, ...listedUnder(KIND.invitation, invitation) },
      }),
    );
  }

  async invitation(id: string, now: Date): Promise<Invitation | undefined> {
    const item = await this.readItem(keys.invitation(id));
    return item ? invitationFrom(item, now) : undefined;
  }

  /** Invitations not used nor expired, newest first. */
  async invitations(now: Date): Promise<Invitation[]> {
    const items = await this.kindItems(KIND.invitation);
    return items.flatMap((item) => invitationFrom(item, now) ?? []);
  }

  /** Uses an invitation up: the invitation as it was for the one call that deleted it, while it had not expired. */
  async consumeInvitation(id: string, now: Date): Promise<Invitation | undefined> {
    const deleted = await outputIfHeld(
      this.db.send(
        new DeleteCommand({
          TableName: this.table,
          Key: keys.invitation(id),
          ConditionExpression: "expiresAt > :now",
          ExpressionAttributeValues: { ":now": Math.floor(now.getTime() / 1000) },
          ReturnValues: "ALL_OLD",
        }),
      ),
    );
    return deleted?.Attributes ? invitationFrom(deleted.Attributes, now) : undefined;
  }

  async revokeInvitation(id: string): Promise<boolean> {
    return this.deleteIf(keys.invitation(id), "attribute_exists(pk)");
  }
}

function invitationFrom(item: Record<string, unknown>, now: Date): Invitation | undefined {
  if (Number(item.expiresAt) * 1000 <= now.getTime() || !isRole(item.role) || item.role === "owner") return undefined;
  return {
    id: String(item.id),
    email: String(item.email),
    role: item.role,
    name: String(item.name ?? ""),
    invitedBy: String(item.invitedBy),
    createdAt: String(item.createdAt),
    expiresAt: Number(item.expiresAt),
  };
}
