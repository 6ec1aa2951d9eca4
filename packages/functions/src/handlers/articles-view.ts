import { NotFoundError } from "@codcrm/core/errors";
import { json, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";

/** Records one view of a published article and answers the new count. */
export const route: RouteHandler = async (request, deps) => {
  const id = request.params.id ?? "";
  if (id.length > 200) throw new NotFoundError("Article not found.");
  const viewCount = await (await deps.articles()).recordView(id);
  return json(200, { id, viewCount });
};

export const handler = lambda(route);
