import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { credentialFrom, type StoredCredential } from "./credentials.ts";
import { conditionHeld } from "./dynamo-client.ts";
import { KIND, keys, listedUnder } from "./table-design.ts";
import { TableStore } from "./table-store.ts";

/** A signed-in browser as stored: keyed by the hash of its cookie, never the cookie itself. */
export interface StoredSession {
  /** The SHA-256 of the cookie's secret (base64url): the session's id in lists and in the audit trail. */
  id: string;
  staffId: string;
  createdAt: string;
  /** Epoch seconds; the store's TTL, and checked on every read. */
  expiresAt: number;
  /** How it was opened: a passkey, or a password (with a mailed code on a new device). */
  method: "passkey" | "password";
  /** The browser's User-Agent at sign-in, cut short: what the person recognises in the list. */
  userAgent: string;
}

/** A personal API key as stored: the hash of the key, never the key. */
export interface StoredApiKey extends StoredCredential {
  /** The key's first characters, shown in the list so its owner can tell keys apart. */
  prefix: string;
}

/**
 * Sessions and personal API keys (docs/decisions/0421-cookie-sessions-and-csrf.md): each one
 * item under the hash of its secret, listed per person through the kind index. Ending a
 * session or revoking a key deletes its item: the next request with it finds nothing.
 */
export class SessionRepository extends TableStore {
  async createSession(session: StoredSession): Promise<void> {
    await this.putNew({
      ...keys.session(session.id),
      ...session,
      ...listedUnder(KIND.sessionsOf(session.staffId), session),
    });
  }

  /** The session of this id, unless it ended or is past its end. */
  async session(id: string, now: Date): Promise<StoredSession | undefined> {
    const item = await this.readItem(keys.session(id));
    if (!item || Number(item.expiresAt) * 1000 <= now.getTime()) return undefined;
    return sessionFrom(item);
  }

  /** A person's sessions still open, newest first. */
  async sessionsOf(staffId: string, now: Date): Promise<StoredSession[]> {
    const items = await this.kindItems(KIND.sessionsOf(staffId));
    return items.map(sessionFrom).filter((session) => session.expiresAt * 1000 > now.getTime());
  }

  /** Ends one session of this person: false when it was not theirs (or was over already). */
  async endSession(id: string, staffId: string): Promise<boolean> {
    return this.deleteOwnedBy(keys.session(id), staffId);
  }

  /** Ends every session of a person but `keep` (the one asking, when it is a session): answers how many. */
  async endSessionsOf(staffId: string, now: Date, keep?: string): Promise<number> {
    let ended = 0;
    for (const session of await this.sessionsOf(staffId, now)) {
      if (session.id === keep) continue;
      if (await this.endSession(session.id, staffId)) ended += 1;
    }
    return ended;
  }

  async createApiKey(key: StoredApiKey): Promise<void> {
    await this.putNew({ ...keys.apiKey(key.id), ...key, ...listedUnder(KIND.apiKeysOf(key.staffId), key) });
  }

  async apiKey(id: string): Promise<StoredApiKey | undefined> {
    const item = await this.readItem(keys.apiKey(id));
    return item ? apiKeyFrom(item) : undefined;
  }

  /** Notes a key's use, at most once an hour (a script calling in a loop rewrites nothing). */
  async touchApiKey(key: StoredApiKey, now: Date): Promise<void> {
    if (key.lastUsedAt && now.getTime() - Date.parse(key.lastUsedAt) < 3_600_000) return;
    await conditionHeld(
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.apiKey(key.id),
          UpdateExpression: "SET lastUsedAt = :now",
          ConditionExpression: "attribute_exists(pk)",
          ExpressionAttributeValues: { ":now": now.toISOString() },
        }),
      ),
    );
  }

  async apiKeysOf(staffId: string): Promise<StoredApiKey[]> {
    return (await this.kindItems(KIND.apiKeysOf(staffId))).map(apiKeyFrom);
  }

  /** Revokes one of this person's keys: false when it was not theirs. */
  async revokeApiKey(id: string, staffId: string): Promise<boolean> {
    return this.deleteOwnedBy(keys.apiKey(id), staffId);
  }
}

function sessionFrom(item: Record<string, unknown>): StoredSession {
  return {
    id: String(item.id),
    staffId: String(item.staffId),
    createdAt: String(item.createdAt),
    expiresAt: Number(item.expiresAt),
    method: item.method === "passkey" ? "passkey" : "password",
    userAgent: String(item.userAgent ?? ""),
  };
}

function apiKeyFrom(item: Record<string, unknown>): StoredApiKey {
  return { ...credentialFrom(item), prefix: String(item.prefix ?? "") };
}
