import type { AdminClaims } from "@codcrm/core/auth/token.server";
import { CACHE_CONTROL } from "@codcrm/core/web/cache-control";
import type { Deps } from "../deps.ts";

/** A request as a handler sees it, whichever runtime received it. */
export interface ApiRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  query: Record<string, string>;
  /** Lower-cased names. */
  headers: Record<string, string>;
  /** Parsed JSON, or undefined when there was no body. */
  body: unknown;
  sourceIp: string;
  /** The administrator's token claims, on routes with `auth` (set before the handler runs). */
  admin?: AdminClaims;
}

export interface ApiResponse {
  status: number;
  /** Serialized as JSON. */
  body?: unknown;
  /** Sent as is (HTML, XML); set its content-type in `headers`. Wins over `body`. */
  text?: string;
  /** Sent as these bytes (an image); set its content-type in `headers`. Wins over `text` and `body`. */
  bytes?: Buffer;
  headers?: Record<string, string>;
}

export type RouteHandler = (request: ApiRequest, deps: Deps) => Promise<ApiResponse>;

/** Validates with a shared zod schema; a failure answers 400 naming each bad field (core's, for every handler). */
export { parseWith } from "@codcrm/core/parse";

export function json(status: number, body: unknown, headers: Record<string, string> = {}): ApiResponse {
  return { status, body, headers };
}

/** Public reads: browsers revalidate, CloudFront keeps them until an article write invalidates them (or a minute). */
export const SHORT_PUBLIC_CACHE = { "cache-control": CACHE_CONTROL.publishedContent };
