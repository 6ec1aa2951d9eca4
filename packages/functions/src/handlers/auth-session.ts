import { UnauthorizedError } from "@codcrm/core/errors";
import { json, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";
import { authenticate } from "../http/signed-in.ts";
import { sessionAnswer } from "../staff/sign-in.ts";

/**
 * Who is signed in (the admin asks on start; the session is a cookie it cannot read): the
 * person, their role and what it allows, or `person: null` (`expired` when a session cookie came
 * that no longer opens anything). Always 200, so that a page asking
 * before anyone signed in reports no error.
 */
export const route: RouteHandler = async (request, deps) => {
  try {
    const person = await authenticate(request, "session", deps);
    const member = await (await deps.staff()).get(person.id);
    return json(200, member ? await sessionAnswer(member, deps) : { person: null });
  } catch (error) {
    // A cookie that opens nothing any more: the admin says the session ended, not just "sign in".
    if (error instanceof UnauthorizedError) return json(200, { person: null, expired: error.code === "invalid_token" });
    throw error;
  }
};

export const handler = lambda(route);
