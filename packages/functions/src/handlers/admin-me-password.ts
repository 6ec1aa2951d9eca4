import { hashPassword } from "@codcrm/core/auth/password.server";
import { passwordChangeSchema } from "@codcrm/core/staff/staff-schemas";
import { NotFoundError, ValidationError } from "@codcrm/core/errors";
import { audited, parseWith, signedIn, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";

/**
 * Sets the signed-in person's password (the current one first, when they have one) and ends
 * every other session of theirs: whoever knew the old password is out
 * (docs/decisions/0421-cookie-sessions-and-csrf.md).
 */
export const route: RouteHandler = async (request, deps) => {
  const person = signedIn(request);
  const { currentPassword, password } = parseWith(passwordChangeSchema, request.body);
  const staff = await deps.staff();
  const member = await staff.get(person.id);
  if (!member) throw new NotFoundError();
  if (member.passwordHash) {
    const verdict = await (await deps.passwordGate()).verify(currentPassword ?? "", member.passwordHash);
    if (verdict !== true) {
      throw new ValidationError([
        { field: "currentPassword", code: "wrong_password", message: "is not the current password" },
      ]);
    }
  }
  await staff.update(person.id, { passwordHash: await hashPassword(password) }, deps.clock());
  const ended = await (await deps.sessions()).endSessionsOf(person.id, deps.clock(), person.sessionId);
  return audited(200, { endedSessions: ended }, { summary: `${ended} sessions ended` });
};

export const handler = lambda(route);
