import { clearedSessionCookie } from "@codcrm/core/auth/session.server";
import { signedIn, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";
import { secureCookies } from "../staff/sign-in.ts";

/**
 * Signs out on the server: the session's item is deleted at once, so its cookie (in every tab,
 * or a copy of it) opens nothing any more; the browser is told to forget it too.
 */
export const route: RouteHandler = async (request, deps) => {
  const person = signedIn(request);
  if (person.sessionId) await (await deps.sessions()).endSession(person.sessionId, person.id);
  return {
    status: 204,
    cookies: [clearedSessionCookie(secureCookies(deps))],
    audit: { kind: "session", item: (person.sessionId ?? person.via).slice(0, 12) },
  };
};

export const handler = lambda(route);
