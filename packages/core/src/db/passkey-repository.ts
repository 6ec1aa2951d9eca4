import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { credentialFrom, type StoredCredential } from "./credentials.ts";
import { conditionHeld } from "./dynamo-client.ts";
import { KIND, keys, listedUnder } from "./table-design.ts";
import { TableStore } from "./table-store.ts";

/** A registered passkey (WebAuthn credential): its id and public key, never a secret. */
export interface StoredPasskey extends StoredCredential {
  /** The credential id (base64url), as the authenticator names it. */
  id: string;
  /** COSE public key, base64url. */
  publicKey: string;
  /** The authenticator's signature counter (0 for those that keep none). */
  counter: number;
  transports: string[];
}

/** Passkeys, one item each under its credential id (a sign-in finds it in one get), listed per person. */
export class PasskeyRepository extends TableStore {
  async add(passkey: StoredPasskey): Promise<boolean> {
    return conditionHeld(
      this.putNew({
        ...keys.passkey(passkey.id),
        ...passkey,
        ...listedUnder(KIND.passkeysOf(passkey.staffId), passkey),
      }),
    );
  }

  async get(id: string): Promise<StoredPasskey | undefined> {
    const item = await this.readItem(keys.passkey(id));
    return item ? passkeyFrom(item) : undefined;
  }

  async of(staffId: string): Promise<StoredPasskey[]> {
    return (await this.kindItems(KIND.passkeysOf(staffId))).map(passkeyFrom);
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
    return this.deleteOwnedBy(keys.passkey(id), staffId);
  }
}

function passkeyFrom(item: Record<string, unknown>): StoredPasskey {
  return {
    ...credentialFrom(item),
    publicKey: String(item.publicKey),
    counter: Number(item.counter ?? 0),
    transports: Array.isArray(item.transports) ? item.transports.map(String) : [],
  };
}
