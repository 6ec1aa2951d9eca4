import { type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";

/** Erases one article in the trash for good, with its revisions; 404 when it is not in the trash. */
export const route: RouteHandler = async (request, deps) => {
  await (await deps.articles()).erase(request.params.id ?? "");
  return { status: 204 };
};

export const handler = lambda(route);
