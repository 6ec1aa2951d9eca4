import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { conditionHeld } from "./dynamo-client.ts";
import { queryAll } from "./paging.ts";
import { KIND, keys, tableDesign } from "./table-design.ts";
import { TableStore } from "./table-store.ts";

/** A registered passkey (WebAuthn credential): its id and public key, never a secret. */
export interface StoredPasskey {
  /** The credential id (base64url), as the authenticator names it. */
  id: string;
  staffId: string;
  /** COSE public key, base64url. */
  publicKey: string;
  /** The authenticator's signature counter (0 for those that keep none). */
  counter: number;
  transports: string[];
  /** What the person called it ("Portátil", "Teléfono"). */
  name: string;
  createdAt: string;
  lastUsedAt?: string;
}

/** Passkeys, one item each under its credential id (a sign-in finds it in one get), listed per person. */
export class PasskeyRepository extends TableStore {
  async add(passkey: StoredPasskey): Promise<boolean> {
    return conditionHeld(
      this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: {
            ...keys.passkey(passkey.id),
            ...passkey,
            [tableDesign.indexes.byKind.partitionKey]: KIND.passkeysOf(passkey.staffId),
            [tableDesign.indexes.byKind.sortKey]: `${passkey.createdAt}#${passkey.id}`,
          },
          ConditionExpression: "attribute_not_exists(pk)",
        }),
      ),
    );
  }

  async get(id: string): Promise<StoredPasskey | undefined> {
    const { Item } = await this.db.send(
      new GetCommand({ TableName: this.table, Key: keys.passkey(id), ConsistentRead: true }),
    );
    return Item ? passkeyFrom(Item) : undefined;
  }

  async of(staffId: string): Promise<StoredPasskey[]> {
    return (await queryAll(this.db, this.table, tableDesign.indexes.byKind, KIND.passkeysOf(staffId))).map(passkeyFrom);
  }

  /** Records a use: the new counter, only if it moved on (a cloned authenticator replays an old one). */
  async used(id: string, counter: number, now: Date): Promise<boolean> {
    return conditionHeld(
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.passkey(id),
          UpdateExpression: "SET #counter = :counter, lastUsedAt = :now",
          ConditionExpression: "attribute_exists(pk) AND (#counter < :counter OR :counter = :zero)",
          ExpressionAttributeNames: { "#counter": "counter" },
          ExpressionAttributeValues: { ":counter": counter, ":now": now.toISOString(), ":zero": 0 },
        }),
      ),
    );
  }

  async remove(id: string, staffId: string): Promise<boolean> {
    return conditionHeld(
      this.db.send(
        new DeleteCommand({
          TableName: this.table,
          Key: keys.passkey(id),
          ConditionExpression: "staffId = :staff",
          ExpressionAttributeValues: { ":staff": staffId },
        }),
      ),
    );
  }
}

function passkeyFrom(item: Record<string, unknown>): StoredPasskey {
  return {
    id: String(item.id),
    staffId: String(item.staffId),
    publicKey: String(item.publicKey),
    counter: Number(item.counter ?? 0),
    transports: Array.isArray(item.transports) ? item.transports.map(String) : [],
    name: String(item.name ?? ""),
    createdAt: String(item.createdAt),
    ...(typeof item.lastUsedAt === "string" ? { lastUsedAt: item.lastUsedAt } : {}),
  };
}
