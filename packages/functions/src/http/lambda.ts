import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { parseServerConfig } from "@codcrm/core/config/server-config";
import { createDeps, type Deps } from "../deps.ts";
import { routeByName } from "../routes.ts";
import type { RouteHandler } from "./api.ts";
import { handleApiEvent } from "./api-gateway.ts";

let deps: Deps | undefined;

/** The Lambda entry point of one route: configuration is read once per container. */
export function lambda(name: string, route: RouteHandler) {
  const entry = routeByName(name);
  return async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
    deps ??= createDeps(parseServerConfig(process.env));
    return handleApiEvent(entry, route, event, deps);
  };
}
