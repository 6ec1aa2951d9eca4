import { staffChangeSchema } from "@codcrm/core/staff/staff-schemas";
import { staffView } from "@codcrm/core/staff/staff";
import { NotFoundError } from "@codcrm/core/errors";
import { audited, parseWith, signedIn, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";
import { otherMember, signOutEverywhere } from "../staff/staff-changes.ts";

/** Changes a person's role, or suspends them (every session and key ends) or lifts it. */
export const route: RouteHandler = async (request, deps) => {
  const actor = signedIn(request);
  const change = parseWith(staffChangeSchema, request.body);
  const member = await otherMember(actor, request.params.id ?? "", deps);
  const updated = await (
    await deps.staff()
  ).update(
    member.id,
    { ...(change.role ? { role: change.role } : {}), ...(change.state ? { state: change.state } : {}) },
    deps.clock(),
  );
  if (!updated) throw new NotFoundError();
  if (change.state === "suspended") await signOutEverywhere(member.id, deps);
  return audited(
    200,
    { member: staffView(updated) },
    {
      summary: member.email,
      before: { role: member.role, state: member.state },
      after: { role: updated.role, state: updated.state },
    },
  );
};

export const handler = lambda(route);
