import { DeleteCommand } from "@aws-sdk/lib-dynamodb";
import { keys } from "@codcrm/core/db/table-design";
import { NotFoundError } from "@codcrm/core/errors";
import { audited, signedIn, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";
import { otherMember, signOutEverywhere } from "../staff/staff-changes.ts";

/**
 * Removes a person from the staff without losing their articles: they can no longer sign in
 * (sessions and keys end, the address is free for a new invitation), while their item stays, so
 * their articles keep their author and their author page (docs/decisions/0420-staff-roles-and-permissions.md).
 */
export const route: RouteHandler = async (request, deps) => {
  const actor = signedIn(request);
  const member = await otherMember(actor, request.params.id ?? "", deps);
  const removed = await (await deps.staff()).setState(member.id, "removed", deps.clock());
  if (!removed) throw new NotFoundError();
  await signOutEverywhere(member.id, deps);
  await (
    await deps.db()
  ).send(new DeleteCommand({ TableName: deps.config.TABLE_NAME, Key: keys.staffEmail(member.email) }));
  return audited(
    200,
    { removed: true },
    { summary: member.email, before: { state: member.state }, after: { state: "removed" } },
  );
};

export const handler = lambda(route);
