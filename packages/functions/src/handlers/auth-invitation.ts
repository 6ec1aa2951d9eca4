import { invitationTokenSchema } from "@codcrm/core/auth/login-schema";
import { secretHash } from "@codcrm/core/auth/session.server";
import { NotFoundError } from "@codcrm/core/errors";
import { json, parseWith, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";

/** What an invitation's link offers (its address, role and name), while it is open. */
export const route: RouteHandler = async (request, deps) => {
  const { token } = parseWith(invitationTokenSchema, request.body);
  const invitation = await (await deps.challenges()).invitation(secretHash(token), deps.clock());
  if (!invitation) throw new NotFoundError("This invitation was used, withdrawn or has expired.");
  return json(200, { email: invitation.email, role: invitation.role, name: invitation.name });
};

export const handler = lambda(route);
