import type { IncomingMessage, ServerResponse } from "node:http";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { PayloadTooLargeError } from "@codcrm/core/errors";
import type { Deps } from "@codcrm/functions/deps";
import type { RouteHandler } from "@codcrm/functions/http/api";
import { MAX_BODY_BYTES, errorResponse, handleApiEvent } from "@codcrm/functions/http/api-gateway";
import { HANDLER_MODULES } from "@codcrm/functions/handler-modules";
import { matchRoute, routes, routeKey, type RouteName, type TableRoute } from "@codcrm/functions/routes";
import { ClientGoneError, readBody } from "./client-gone.ts";

/** Loads every handler of the route table up front, so one that fails to load fails at start. */
export async function loadHandlers(): Promise<Map<RouteName, RouteHandler>> {
  const handlers = new Map<RouteName, RouteHandler>();
  for (const entry of routes) handlers.set(entry.name, (await HANDLER_MODULES[entry.name]()).route);
  return handlers;
}

/** A page route (HTML/XML outside /api) for this request, if one matches. */
export function matchPageRoute(
  method: string,
  pathname: string,
): { entry: TableRoute; params: Record<string, string> } | undefined {
  try {
    const match = matchRoute(method === "HEAD" ? "GET" : method, pathname, "page");
    // Like CloudFront, which sends a page with listed paths only those (`/admin/blog` is the app's).
    if (match.entry?.paths && !match.entry.paths.includes(pathname)) return undefined;
    return match.entry ? match : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Plays API Gateway: turns an HTTP request into a payload 2.0 event and hands it to the
 * same handler Lambda runs, then writes the result back.
 */
export async function serveApi(
  req: IncomingMessage,
  res: ServerResponse,
  handlers: Map<RouteName, RouteHandler>,
  deps: Deps,
  extraHeaders: Record<string, string>,
  trustClientAddressHeader = false,
  matched?: { entry: TableRoute; params: Record<string, string> },
): Promise<void> {
  const url = new URL(req.url ?? "/", "http://localhost");
  const method = req.method ?? "GET";
  let match: ReturnType<typeof matchRoute>;
  try {
    match = matched ?? matchRoute(method, url.pathname);
  } catch {
    return send(res, 400, { error: { code: "bad_path", message: "The path is not valid." } }, extraHeaders);
  }
  if (!match.entry) {
    const status = match.methodNotAllowed ? 405 : 404;
    const code = match.methodNotAllowed ? "method_not_allowed" : "not_found";
    return send(
      res,
      status,
      { error: { code, message: status === 405 ? "Method not allowed." : "Not found." } },
      extraHeaders,
    );
  }

  let body: Buffer;
  try {
    body = await readBody(req, MAX_BODY_BYTES, () => new PayloadTooLargeError(MAX_BODY_BYTES));
  } catch (error) {
    // Nobody is left to answer: the request ends here, before any handler or store call.
    if (error instanceof ClientGoneError) return void res.end();
    const response = errorResponse(error);
    res.setHeader("connection", "close");
    return send(res, response.status, response.body, extraHeaders);
  }

  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(",") : value;
  }
  // Like CloudFront: the viewer address is set here, never taken from the client, except in
  // browser tests that act as several clients from one machine.
  if (!trustClientAddressHeader || !headers["cloudfront-viewer-address"]) {
    headers["cloudfront-viewer-address"] = `${req.socket.remoteAddress ?? "127.0.0.1"}:${req.socket.remotePort ?? 0}`;
  }
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = name in query ? `${query[name]},${value}` : value;

  const event: APIGatewayProxyEventV2 = {
    version: "2.0",
    routeKey: routeKey(match.entry),
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(match.params).length ? match.params : undefined,
    requestContext: {
      accountId: "local",
      apiId: "local",
      domainName: headers.host ?? "localhost",
      domainPrefix: "local",
      requestId: crypto.randomUUID(),
      routeKey: routeKey(match.entry),
      stage: "$default",
      time: new Date().toISOString(),
      timeEpoch: Date.now(),
      http: {
        method,
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket.remoteAddress ?? "127.0.0.1",
        userAgent: headers["user-agent"] ?? "",
      },
    },
    body: body.length ? body.toString("base64") : undefined,
    isBase64Encoded: body.length > 0,
  };
  const result = await handleApiEvent(match.entry, handlers.get(match.entry.name)!, event, deps);
  res.writeHead(result.statusCode ?? 200, {
    ...extraHeaders,
    ...(result.headers as Record<string, string>),
    ...(result.cookies?.length ? { "set-cookie": result.cookies } : {}),
  });
  res.end(result.isBase64Encoded && result.body !== undefined ? Buffer.from(result.body, "base64") : result.body);
}

/** An error answered as the API answers it: its status, JSON body and headers (Retry-After). */
export function sendError(res: ServerResponse, error: unknown, extraHeaders: Record<string, string>): void {
  const response = errorResponse(error);
  send(res, response.status, response.body, { ...extraHeaders, ...response.headers });
}

function send(res: ServerResponse, status: number, body: unknown, extraHeaders: Record<string, string>): void {
  res.writeHead(status, {
    ...extraHeaders,
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
  });
  res.end(JSON.stringify(body));
}
