import { json, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";

/** What was done to one article, by whom and when (its part of the audit trail), newest first. */
export const route: RouteHandler = async (request, deps) =>
  json(200, { entries: await (await deps.audit()).ofItem("article", request.params.id ?? "", deps.clock()) });

export const handler = lambda(route);
