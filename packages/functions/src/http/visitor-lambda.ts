import type { Makers } from "../deps/made.ts";
import type { RouteHandler } from "./api.ts";
import { routeLambda } from "./route-lambda.ts";

/**
 * The Lambda entry point of a route that serves visitors only (a public route whose handler
 * reads no person, session or sign-in): it makes `groups` and not the staff's stores, whose
 * chunks it therefore does not bundle. `handleApiEvent` asks who is signed in only on a route
 * with a permission, and writes an audit entry only for someone; bound to a route with a
 * permission, this function serves nothing (docs/decisions/0213-visitors-functions-without-the-staff-stores.md).
 */
export function visitorLambda(route: RouteHandler, ...groups: Makers[]) {
  return routeLambda(route, groups, true);
}
