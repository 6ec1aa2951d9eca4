import { NotFoundError } from "@codcrm/core/errors";
import { audited, signedIn, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";

/** Ends one of the signed-in person's sessions (another browser, or this one). */
export const route: RouteHandler = async (request, deps) => {
  const person = signedIn(request);
  const id = request.params.id ?? "";
  if (!(await (await deps.sessions()).endSession(id, person.id))) throw new NotFoundError();
  return audited(204, undefined, { kind: "session", item: id.slice(0, 12) });
};

export const handler = lambda(route);
