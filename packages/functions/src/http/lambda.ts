import { STAFF_STORES } from "../deps/staff-stores.ts";
import type { Makers } from "../deps/made.ts";
import type { RouteHandler } from "./api.ts";
import { routeLambda } from "./route-lambda.ts";

/**
 * The Lambda entry point of a route (`http/route-lambda.ts`), with the staff's stores made beside
 * `groups`: the API's own check of a signed-in request reads the session and the person, and a
 * state-changing route writes its audit entry (`http/api-gateway.ts`). A route that only serves
 * visitors uses `visitorLambda()` and bundles none of them
 * (docs/decisions/0213-visitors-functions-without-the-staff-stores.md).
 */
export function lambda(route: RouteHandler, ...groups: Makers[]) {
  return routeLambda(route, [STAFF_STORES, ...groups]);
}
