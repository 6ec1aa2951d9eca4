import { json, signedIn, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";

/** The signed-in person's API keys: names, the first characters, dates; never a key. */
export const route: RouteHandler = async (request, deps) =>
  json(200, { apiKeys: await (await deps.sessions()).apiKeysOf(signedIn(request).id) });

export const handler = lambda(route);
