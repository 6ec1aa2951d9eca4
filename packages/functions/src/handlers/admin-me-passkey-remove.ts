import { NotFoundError } from "@codcrm/core/errors";
import { audited, signedIn, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";

/**
 * Removes one of the signed-in person's passkeys, and ends their other sessions: one opened
 * with it (a lost phone) must not outlive it (docs/decisions/0421-cookie-sessions-and-csrf.md).
 */
export const route: RouteHandler = async (request, deps) => {
  const person = signedIn(request);
  const id = request.params.id ?? "";
  const passkeys = await deps.passkeys();
  const passkey = await passkeys.get(id);
  if (!passkey || passkey.staffId !== person.id || !(await passkeys.remove(id, person.id))) throw new NotFoundError();
  const ended = await (await deps.sessions()).endSessionsOf(person.id, deps.clock(), person.sessionId);
  return audited(200, { endedSessions: ended }, { summary: passkey.name });
};

export const handler = lambda(route);
