import { json, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";

export const route: RouteHandler = async (_request, deps) =>
  json(200, { status: "ok", time: deps.clock().toISOString() });

export const handler = lambda(route);
