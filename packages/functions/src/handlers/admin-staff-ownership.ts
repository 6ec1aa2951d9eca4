import { ConflictError, NotFoundError } from "@codcrm/core/errors";
import { audited, signedIn, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";

/**
 * The owner hands ownership to another active person: one conditional update of the owner item
 * makes them the owner (there is never none nor two); the former owner stays an administrator.
 * Both people's items are updated after, for lists; the owner item is what counts.
 */
export const route: RouteHandler = async (request, deps) => {
  const actor = signedIn(request);
  const staff = await deps.staff();
  const target = await staff.get(request.params.id ?? "");
  if (!target || target.state !== "active" || target.id === actor.id) throw new NotFoundError();
  const now = deps.clock();
  if (!(await staff.moveOwner(actor.id, target.id, now)))
    throw new ConflictError("You are not the owner any more.", "not_owner");
  await staff.update(target.id, { role: "owner" }, now);
  await staff.update(actor.id, { role: "administrator" }, now);
  return audited(
    200,
    { ownerId: target.id },
    { summary: target.email, before: { owner: actor.id }, after: { owner: target.id } },
  );
};

export const handler = lambda(route);
