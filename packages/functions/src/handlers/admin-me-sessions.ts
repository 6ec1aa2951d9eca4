import { json, signedIn, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";

/** The signed-in person's open sessions, newest first, the one asking marked `current`. */
export const route: RouteHandler = async (request, deps) => {
  const person = signedIn(request);
  const sessions = await (await deps.sessions()).sessionsOf(person.id, deps.clock());
  return json(200, {
    sessions: sessions.map((session) => ({
      id: session.id,
      createdAt: session.createdAt,
      expiresAt: new Date(session.expiresAt * 1000).toISOString(),
      method: session.method,
      userAgent: session.userAgent,
      current: session.id === person.sessionId,
    })),
  });
};

export const handler = lambda(route);
