import { type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";
import { publishedContentChanged } from "../http/published-changed.ts";

export const route: RouteHandler = async (request, deps) => {
  await (await deps.articles()).delete(request.params.id ?? "");
  await publishedContentChanged(deps, request.params.id ?? "");
  return { status: 204 };
};

export const handler = lambda(route);
