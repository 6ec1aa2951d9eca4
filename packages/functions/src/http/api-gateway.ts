import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import {
  AppError,
  BadRequestError,
  ForbiddenError,
  PayloadTooLargeError,
  TooManyRequestsError,
  UnsupportedMediaTypeError,
} from "@codcrm/core/errors";
import type { Deps } from "../deps.ts";
import type { RouteEntry } from "../routes.ts";
import type { ApiRequest, ApiResponse, RouteHandler } from "./api.ts";
import { recordAudit } from "./audit.ts";
import { authenticate } from "./signed-in.ts";

export const MAX_BODY_BYTES = 64 * 1024;

/**
 * API Gateway HTTP API (payload 2.0) event in, result out: the whole request life cycle
 * shared by Lambda and the local server. Errors leave as `{ error: { code, message, fields? } }`;
 * an unexpected error is logged and answered 500 without details.
 */
export async function handleApiEvent(
  entry: RouteEntry,
  route: RouteHandler,
  event: APIGatewayProxyEventV2,
  deps: Deps,
): Promise<APIGatewayProxyStructuredResultV2> {
  try {
    // The one-click unsubscribe comes from the mailbox provider, another site by definition
    // (docs/decisions/0162-one-click-unsubscribe.md); every other write must be our own, and is
    // refused as such before its body is read.
    const request = toRequest(event, Boolean(entry.oneClickUnsubscribe), Boolean(entry.beacon), (headers) => {
      if (!entry.oneClickUnsubscribe)
        refuseCrossSite({ method: event.requestContext.http.method, headers }, deps.config.SITE_URL);
    });
    if (entry.permission !== "public") request.person = await authenticate(request, entry.permission, deps);
    const response = await route(request, deps);
    await recordAudit(entry, request, response, deps);
    return toResult(response);
  } catch (error) {
    return toResult(errorResponse(error));
  }
}

/** RFC 8058's one-click body, the only form body any route reads. */
export const ONE_CLICK_BODY = "List-Unsubscribe=One-Click";

function toRequest(
  event: APIGatewayProxyEventV2,
  oneClickUnsubscribe: boolean,
  beacon: boolean,
  checkHeaders: (headers: Record<string, string>) => void,
): ApiRequest {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(event.headers ?? {}))
    if (value !== undefined) headers[name.toLowerCase()] = value;
  // Payload 2.0 carries the request's cookies apart from its headers.
  if (event.cookies?.length) headers.cookie = [headers.cookie, ...event.cookies].filter(Boolean).join("; ");
  checkHeaders(headers);
  let body: unknown;
  if (event.body) {
    const raw = event.isBase64Encoded ? Buffer.from(event.body, "base64") : Buffer.from(event.body, "utf8");
    if (raw.byteLength > MAX_BODY_BYTES) throw new PayloadTooLargeError(MAX_BODY_BYTES);
    if (oneClickUnsubscribe && isFormEncoded(headers["content-type"])) {
      // RFC 8058: exactly this body; its token travels in the URL.
      if (raw.toString("utf8").trim() !== ONE_CLICK_BODY)
        throw new BadRequestError("invalid_body", `Send the body ${ONE_CLICK_BODY}.`);
      body = { oneClick: true };
    }
    // Without this, a page on any other site could send a "simple" request (text/plain or a
    // form encoding, no preflight) and have it read as JSON: only application/json is read,
    // and on a beacon's route the text/plain a beacon's string is sent as (docs/decisions/0400-first-party-page-views.md),
    // which the cross-site check below still holds to this site's own pages.
    else if (!isJson(headers["content-type"]) && !(beacon && isPlainText(headers["content-type"])))
      throw new UnsupportedMediaTypeError();
    else {
      try {
        body = JSON.parse(raw.toString("utf8"));
      } catch {
        throw new BadRequestError("malformed_json", "The body is not valid JSON.");
      }
    }
  }
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(event.queryStringParameters ?? {}))
    if (value !== undefined) query[name] = value;
  return {
    method: event.requestContext.http.method,
    path: event.rawPath,
    params: Object.fromEntries(Object.entries(event.pathParameters ?? {}).map(([k, v]) => [k, v ?? ""])),
    query,
    headers,
    body,
    sourceIp: clientAddress(headers, event.requestContext.http.sourceIp),
  };
}

/**
 * The visitor's address. Behind CloudFront, API Gateway's source IP is CloudFront's, so the
 * address comes from `CloudFront-Viewer-Address` ("ip:port"), which CloudFront sets itself
 * (the local server does the same); a direct call falls back to the source IP.
 */
export function clientAddress(headers: Record<string, string>, sourceIp: string): string {
  const viewer = headers["cloudfront-viewer-address"];
  if (!viewer) return sourceIp;
  const lastColon = viewer.lastIndexOf(":");
  return (lastColon > 0 ? viewer.slice(0, lastColon) : viewer).replace(/^\[|\]$/g, "");
}

function isFormEncoded(contentType: string | undefined): boolean {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase() === "application/x-www-form-urlencoded";
}

function isPlainText(contentType: string | undefined): boolean {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase() === "text/plain";
}

/** `application/json`, any case, with or without parameters (`; charset=utf-8`). */
export function isJson(contentType: string | undefined): boolean {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase() === "application/json";
}

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * A state-changing request the browser says comes from another site is refused: by
 * `Sec-Fetch-Site: cross-site`, or by an `Origin` that is neither the site's (SITE_URL) nor
 * the address the request was sent to (the local server under another name). Requests
 * without either header (curl, server to server) carry no ambient credentials and pass.
 */
export function refuseCrossSite(request: Pick<ApiRequest, "method" | "headers">, siteUrl: string): void {
  if (!STATE_CHANGING.has(request.method.toUpperCase())) return;
  const { headers } = request;
  if (headers["sec-fetch-site"]?.toLowerCase() === "cross-site") {
    throw new ForbiddenError("cross_site", "Requests from other sites are not accepted.");
  }
  const origin = headers.origin;
  if (origin === undefined) return;
  const allowed = origin === new URL(siteUrl).origin || hostOf(origin) === headers.host?.toLowerCase();
  if (!allowed) throw new ForbiddenError("cross_site", "Requests from other sites are not accepted.");
}

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return undefined; // "null" (sandboxed frames, privacy redirects) is no site's
  }
}

export function errorResponse(error: unknown): ApiResponse {
  if (error instanceof AppError) {
    const body = {
      error: {
        code: error.code,
        message: error.message,
        ...(error.fields ? { fields: error.fields } : {}),
      },
    };
    const headers: Record<string, string> = {};
    if (error instanceof TooManyRequestsError) headers["retry-after"] = String(error.retryAfterSeconds);
    return { status: error.status, body, headers };
  }
  console.error("Unhandled error", error);
  return {
    status: 500,
    body: { error: { code: "internal_error", message: "Something went wrong. Try again later." } },
  };
}

function toResult(response: ApiResponse): APIGatewayProxyStructuredResultV2 {
  const headers: Record<string, string> = { "cache-control": "no-store", ...response.headers };
  // Payload 2.0 carries cookies apart from the headers.
  const cookies = response.cookies?.length ? { cookies: response.cookies } : {};
  if (response.bytes !== undefined)
    return {
      statusCode: response.status,
      headers,
      body: response.bytes.toString("base64"),
      isBase64Encoded: true,
      ...cookies,
    };
  if (response.text !== undefined) return { statusCode: response.status, headers, body: response.text, ...cookies };
  if (response.body === undefined) return { statusCode: response.status, headers, ...cookies };
  return {
    statusCode: response.status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
    body: JSON.stringify(response.body),
    ...cookies,
  };
}
