import { NotFoundError } from "@codcrm/core/errors";
import { audited, signedIn, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";

/** Revokes one of the signed-in person's API keys: the next call with it is refused. */
export const route: RouteHandler = async (request, deps) => {
  const id = request.params.id ?? "";
  if (!(await (await deps.sessions()).revokeApiKey(id, signedIn(request).id))) throw new NotFoundError();
  return audited(204, undefined, { kind: "api-key", item: id.slice(0, 12) });
};

export const handler = lambda(route);
