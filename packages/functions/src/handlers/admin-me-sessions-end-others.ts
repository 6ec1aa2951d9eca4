import { audited, signedIn, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";

/** Ends every session of the signed-in person but the one asking (with an API key: every one). */
export const route: RouteHandler = async (request, deps) => {
  const person = signedIn(request);
  const ended = await (await deps.sessions()).endSessionsOf(person.id, deps.clock(), person.sessionId);
  return audited(200, { endedSessions: ended }, { summary: `${ended} sessions ended` });
};

export const handler = lambda(route);
