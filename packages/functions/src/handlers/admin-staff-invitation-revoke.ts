import { NotFoundError } from "@codcrm/core/errors";
import { audited, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";

/** Withdraws an invitation not used yet: its link stops working. */
export const route: RouteHandler = async (request, deps) => {
  const id = request.params.id ?? "";
  if (!(await (await deps.challenges()).revokeInvitation(id))) throw new NotFoundError();
  return audited(204, undefined, { kind: "invitation", item: id.slice(0, 12) });
};

export const handler = lambda(route);
