import type { Stack } from "sst/constructs";
import { routeKey } from "@codcrm/functions/routes";
import { functionErrorAlarms } from "./alarms.ts";
import type { Alerts } from "./Alerts.ts";
import { routeStackOf, type Api, type RouteStack } from "./Api.ts";
import { acceptApiFindings } from "./nag-suppressions.ts";
import { stackConfig } from "./stack-config.ts";

/**
 * The functions of one group of routes, on the HTTP API of stacks/Api.ts, each made as every
 * route's is there (`routeProps`), each with its error alarm: a stack of their own only because a
 * stack holds at most 500 resources and 1 MB of template
 * (docs/decisions/0304-route-functions-in-three-stacks.md).
 */
export function addRouteFunctions(
  stack: Stack,
  group: Exclude<RouteStack, "site">,
  { api, routeProps }: Pick<ReturnType<typeof Api>, "api" | "routeProps">,
  { topic }: Pick<ReturnType<typeof Alerts>, "topic">,
): { functionAlarmNames: string[] } {
  const entries = stackConfig().routes.filter((entry) => routeStackOf(entry) === group);
  api.addRoutes(stack, Object.fromEntries(entries.map((entry) => [routeKey(entry), routeProps(entry)])));
  const functionAlarmNames = functionErrorAlarms(
    stack,
    topic,
    entries.map((entry) => ({ name: entry.name, fn: api.getFunction(routeKey(entry))! })),
  );
  acceptApiFindings(stack, stack);
  return { functionAlarmNames };
}
