import { TableStore } from "./table-store.ts";
import { GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import type { AdminClaims } from "../auth/token.server.ts";
import { keys } from "./table-design.ts";

/**
 * Admin tokens signed out before they expire. Signing out is one PutItem (no transaction);
 * every authenticated request reads the token's item. The item lives until the token would
 * have expired anyway (TTL), and the expiry is the token's own, so nothing is kept longer.
 */
export class TokenRevocations extends TableStore {
  async revoke(claims: AdminClaims, now: Date): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: { ...keys.revokedToken(claims.jti), revokedAt: now.toISOString(), expiresAt: claims.exp + 60 },
      }),
    );
  }

  async isRevoked(tokenId: string): Promise<boolean> {
    const { Item } = await this.db.send(
      new GetCommand({ TableName: this.table, Key: keys.revokedToken(tokenId), ConsistentRead: true }),
    );
    return Item !== undefined;
  }
}
