import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import {
  AppError,
  BadRequestError,
  PayloadTooLargeError,
  TooManyRequestsError,
  UnauthorizedError,
  ValidationError,
} from "@codcrm/core/errors";
import type { Deps } from "../deps.ts";
import type { RouteEntry } from "../routes.ts";
import type { ApiRequest, ApiResponse, RouteHandler } from "./api.ts";

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
    const request = toRequest(event);
    if (entry.auth) await requireAdmin(request, deps);
    return toResult(await route(request, deps));
  } catch (error) {
    return toResult(errorResponse(error));
  }
}

function toRequest(event: APIGatewayProxyEventV2): ApiRequest {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(event.headers ?? {}))
    if (value !== undefined) headers[name.toLowerCase()] = value;
  let body: unknown;
  if (event.body) {
    const raw = event.isBase64Encoded ? Buffer.from(event.body, "base64") : Buffer.from(event.body, "utf8");
    if (raw.byteLength > MAX_BODY_BYTES) throw new PayloadTooLargeError(MAX_BODY_BYTES);
    const contentType = headers["content-type"] ?? "";
    if (contentType && !contentType.includes("application/json")) {
      throw new BadRequestError("unsupported_media_type", "Send the body as application/json.");
    }
    try {
      body = JSON.parse(raw.toString("utf8"));
    } catch {
      throw new BadRequestError("malformed_json", "The body is not valid JSON.");
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

async function requireAdmin(request: ApiRequest, deps: Deps): Promise<void> {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "");
  if (!match?.[1]) throw new UnauthorizedError("missing_token", "Sign in to continue.");
  // Loaded on the first token to check: routes without auth never load the JWT library.
  const { isValidAdminToken } = await import("@codcrm/core/auth/token");
  if (!(await isValidAdminToken(match[1], deps.config.JWT_SECRET, deps.clock()))) {
    throw new UnauthorizedError("invalid_token", "Your session has expired. Sign in again.");
  }
}

export function errorResponse(error: unknown): ApiResponse {
  if (error instanceof AppError) {
    const body = {
      error: {
        code: error.code,
        message: error.message,
        ...(error instanceof ValidationError ? { fields: error.fields } : {}),
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
  if (response.text !== undefined) return { statusCode: response.status, headers, body: response.text };
  if (response.body === undefined) return { statusCode: response.status, headers };
  return {
    statusCode: response.status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
    body: JSON.stringify(response.body),
  };
}
