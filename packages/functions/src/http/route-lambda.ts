import { timingSafeEqual } from "node:crypto";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { ALL_DEPLOYED_SECRETS, ORIGIN_SECRET, ORIGIN_VERIFY_HEADER } from "@codcrm/core/config/deployed-secrets";
import { AppError } from "@codcrm/core/errors";
import type { Deps } from "../deps.ts";
import { makeDeps, type Makers } from "../deps/made.ts";
import { ROUTE_KEY_VARIABLE, routeByKey, type RouteEntry } from "../routes.ts";
import type { RouteHandler } from "./api.ts";
import { errorResponse, handleApiEvent } from "./api-gateway.ts";

interface LambdaContext {
  entry: RouteEntry;
  deps: Deps;
  /** Set when ORIGIN_SECRET is bound: only requests carrying it (from CloudFront) are served. */
  originSecret?: Buffer;
}

/**
 * The Lambda entry point of one route: configuration and secrets are read once per
 * container, on the first request. Importing a handler module does nothing else, so the
 * local server and the tests import the same modules without any AWS environment.
 *
 * Which route this function serves, and so whether it requires an administrator, comes
 * from the route key the stack sets on it (ROUTE_KEY), looked up in the route table: never
 * from the handler file, which a copy could carry to another route. Without a valid key
 * the function serves nothing.
 *
 * `groups` are the makers of what the function makes (`STAFF_STORES`, `MAIL_STORES`, ... from
 * `deps/`): it bundles those and no other (docs/decisions/0210-each-function-bundles-its-own-stores.md).
 * A handler calls `lambda()` (`http/lambda.ts`, the staff's stores made too) or, serving visitors
 * only, `visitorLambda()` (`http/visitor-lambda.ts`, decision 0213); `visitorsOnly` refuses to
 * serve a route that needs someone signed in.
 */
export function routeLambda(route: RouteHandler, groups: Makers[], visitorsOnly = false) {
  let context: Promise<LambdaContext> | undefined;
  return async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
    context ??= loadContext(groups, visitorsOnly).catch((error: unknown) => {
      context = undefined;
      throw error;
    });
    const { entry, deps, originSecret } = await context;
    if (originSecret && !sentByCloudFront(event, originSecret)) {
      const { status, body } = errorResponse(new AppError(403, "forbidden", "Use the site's address."));
      return {
        statusCode: status,
        headers: { "content-type": "application/json; charset=utf-8" },
        body: JSON.stringify(body),
      };
    }
    return handleApiEvent(entry, route, event, deps);
  };
}

async function loadContext(groups: Makers[], visitorsOnly: boolean): Promise<LambdaContext> {
  const entry = routeByKey(process.env[ROUTE_KEY_VARIABLE] ?? "");
  // Without the staff's stores no one can be signed in: a copy of a visitors' handler bound to
  // another route serves nothing rather than fail on a store it lacks.
  if (visitorsOnly && entry.permission !== "public")
    throw new Error(`${entry.name} needs someone signed in; this function serves visitors' routes only.`);
  const secrets = await boundSecrets();
  // Imported here, not at the top: the module load (a cold start) skips zod until needed.
  const { parseServerConfig } = await import("@codcrm/core/config/server-config.server");
  const deps = makeDeps(parseServerConfig({ ...process.env, ...secrets }), {}, ...groups);
  const origin = secrets[ORIGIN_SECRET];
  return { entry, deps, originSecret: origin ? Buffer.from(origin) : undefined };
}

/**
 * The SST `Config.Secret`s bound to this function. SST marks each bound secret with an
 * environment variable; `sst/node/config` fetches their values from SSM when imported, so
 * it is imported here, lazily, and only when something is bound. Scheduled jobs read their
 * configuration with it too: `parseServerConfig({ ...process.env, ...(await boundSecrets()) })`.
 */
export async function boundSecrets(): Promise<Record<string, string>> {
  const bound = ALL_DEPLOYED_SECRETS.filter((name) => process.env[`SST_Secret_value_${name}`] !== undefined);
  if (bound.length === 0) return {};
  const { Config } = await import("sst/node/config");
  const values = Config as unknown as Record<string, string>;
  return Object.fromEntries(bound.map((name) => [name, values[name] ?? ""]));
}

export function sentByCloudFront(event: Pick<APIGatewayProxyEventV2, "headers">, secret: Buffer): boolean {
  const header = Object.entries(event.headers ?? {}).find(([name]) => name.toLowerCase() === ORIGIN_VERIFY_HEADER)?.[1];
  const given = Buffer.from(header ?? "");
  return given.length === secret.length && timingSafeEqual(given, secret);
}
