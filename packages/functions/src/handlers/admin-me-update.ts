import { profileSchema } from "@codcrm/core/staff/staff-schemas";
import { NotFoundError } from "@codcrm/core/errors";
import { audited, parseWith, signedIn, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";
import { sessionAnswer } from "../staff/sign-in.ts";

/** The signed-in person's name, language and author page (role line, bio, photo). */
export const route: RouteHandler = async (request, deps) => {
  const person = signedIn(request);
  const input = parseWith(profileSchema, request.body);
  const staff = await deps.staff();
  const before = await staff.get(person.id);
  if (!before) throw new NotFoundError();
  const updated = await staff.update(
    person.id,
    { name: input.name, language: input.language, roleLine: input.roleLine, bio: input.bio, photoUrl: input.photoUrl },
    deps.clock(),
  );
  if (!updated) throw new NotFoundError();
  return audited(200, await sessionAnswer(updated, deps), {
    before: { name: before.name, language: before.language },
    after: { name: updated.name, language: updated.language },
  });
};

export const handler = lambda(route);
