import { NotFoundError } from "@codcrm/core/errors";
import { json, signedIn, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";
import { sessionAnswer } from "../staff/sign-in.ts";

/** Who is signed in (the admin asks on start): the person, their role and what it allows. */
export const route: RouteHandler = async (request, deps) => {
  const member = await (await deps.staff()).get(signedIn(request).id);
  if (!member) throw new NotFoundError();
  return json(200, await sessionAnswer(member, deps));
};

export const handler = lambda(route);
