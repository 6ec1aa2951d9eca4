import { use, type StackContext } from "sst/constructs";
import { routeKey } from "@codcrm/functions/routes";
import { functionErrorAlarms } from "./alarms.ts";
import { Alerts } from "./Alerts.ts";
import { Api, isStaffRoute } from "./Api.ts";
import { acceptApiFindings } from "./nag-suppressions.ts";
import { stackConfig } from "./stack-config.ts";

/**
 * The sign-in, session and staff routes' functions, on the API of stacks/Api.ts, each made as
 * every route's is there (`routeProps`): a stack of their own only because one stack holds at
 * most 500 resources (docs/decisions/0420-staff-roles-and-permissions.md).
 */
export function StaffApi({ stack }: StackContext) {
  const { topic } = use(Alerts);
  const { api, routeProps } = use(Api);
  const staff = stackConfig().routes.filter(isStaffRoute);
  api.addRoutes(stack, Object.fromEntries(staff.map((entry) => [routeKey(entry), routeProps(entry)])));
  const functionAlarmNames = functionErrorAlarms(
    stack,
    topic,
    staff.map((entry) => ({ name: entry.name, fn: api.getFunction(routeKey(entry))! })),
  );
  acceptApiFindings(stack, stack);
  return { functionAlarmNames };
}
