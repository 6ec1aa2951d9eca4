import { createHash } from "node:crypto";

/**
 * A client's address as the site keeps it: hashed, enough to recognise the client again (a
 * view window, a consent record), never the address itself.
 */
export function hashedClient(address: string): string {
  return createHash("sha256").update(address).digest("base64url").slice(0, 22);
}
