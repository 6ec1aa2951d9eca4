import type * as z from "zod";
import type { AdminClaims } from "@codcrm/core/auth/token.server";
import { BadRequestError, ValidationError } from "@codcrm/core/errors";
import { fieldErrors } from "@codcrm/core/validation";
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
  headers?: Record<string, string>;
}

export type RouteHandler = (request: ApiRequest, deps: Deps) => Promise<ApiResponse>;

/** Validates with a shared zod schema; a failure answers 400 naming each bad field. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  if (value === undefined) throw new BadRequestError("missing_body", "A JSON body is required.");
  const result = schema.safeParse(value);
  if (!result.success) throw new ValidationError(fieldErrors(result.error));
  return result.data;
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): ApiResponse {
  return { status, body, headers };
}

/** Public reads: browsers revalidate, CloudFront keeps them until an article write invalidates them (or a minute). */
export const SHORT_PUBLIC_CACHE = { "cache-control": CACHE_CONTROL.publishedContent };
