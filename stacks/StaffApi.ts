import { use, type StackContext } from "sst/constructs";
import { Alerts } from "./Alerts.ts";
import { Api } from "./Api.ts";
import { addRouteFunctions } from "./route-stack.ts";

/** The sign-in, session, staff and audit routes' functions (`routeStackOf`: "staff"). */
export function StaffApi({ stack }: StackContext) {
  return addRouteFunctions(stack, "staff", use(Api), use(Alerts));
}
