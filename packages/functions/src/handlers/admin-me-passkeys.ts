import type { StoredPasskey } from "@codcrm/core/db/passkey-repository";
import { json, signedIn, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";

/** What the admin shows of a passkey: its name and dates, never its key. */
export function passkeyView(passkey: StoredPasskey) {
  return {
    id: passkey.id,
    name: passkey.name,
    createdAt: passkey.createdAt,
    ...(passkey.lastUsedAt ? { lastUsedAt: passkey.lastUsedAt } : {}),
  };
}

/** The signed-in person's passkeys. */
export const route: RouteHandler = async (request, deps) =>
  json(200, { passkeys: (await (await deps.passkeys()).of(signedIn(request).id)).map(passkeyView) });

export const handler = lambda(route);
