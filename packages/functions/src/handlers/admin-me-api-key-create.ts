import { newApiKey, secretHash } from "@codcrm/core/auth/session.server";
import { apiKeySchema } from "@codcrm/core/staff/staff-schemas";
import { audited, parseWith, signedIn, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";

/**
 * A new personal API key for scripts, answered once (the store keeps its hash): it may do what
 * its person's role may, for as long as the person is active and the key is not revoked.
 */
export const route: RouteHandler = async (request, deps) => {
  const person = signedIn(request);
  const { name } = parseWith(apiKeySchema, request.body);
  const key = newApiKey();
  const stored = {
    id: secretHash(key),
    staffId: person.id,
    name,
    prefix: key.slice(0, 11),
    createdAt: deps.clock().toISOString(),
  };
  await (await deps.sessions()).createApiKey(stored);
  return audited(201, { key, apiKey: stored }, { kind: "api-key", item: stored.id.slice(0, 12), summary: name });
};

export const handler = lambda(route);
