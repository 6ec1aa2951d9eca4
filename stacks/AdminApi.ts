import { use, type StackContext } from "sst/constructs";
import { Alerts } from "./Alerts.ts";
import { Api } from "./Api.ts";
import { addRouteFunctions } from "./route-stack.ts";

/** The blog administration's routes' functions: articles, media, leads, subscribers, analytics (`routeStackOf`: "admin"). */
export function AdminApi({ stack }: StackContext) {
  return addRouteFunctions(stack, "admin", use(Api), use(Alerts));
}
