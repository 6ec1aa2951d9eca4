import { json, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";

/**
 * Signs the administrator out on the server: the token is revoked at once, in every tab and
 * every copy of it, not only forgotten by the browser that asked.
 */
export const route: RouteHandler = async (request, deps) => {
  if (request.admin) await (await deps.revocations()).revoke(request.admin, deps.clock());
  return json(204, undefined);
};

export const handler = lambda(route);
