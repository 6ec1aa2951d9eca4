import type { FieldError } from "@codcrm/core/validation";

/**
 * An error answer of the API, in its one shape (`{ error: { code, message, fields? } }`),
 * or no answer at all (status 0, code `network_error`: offline, timed out).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Per field, what is wrong (400 `validation_failed`). */
    readonly fields: FieldError[] = [],
    /** Seconds to wait, from `Retry-After` (429). */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export interface ApiRequest {
  method?: string;
  /** Sent as JSON, always with `Content-Type: application/json` (the API refuses other bodies). */
  body?: unknown;
  /** Headers of the caller's own (the admin's CSRF header). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  cache?: RequestCache;
}

/**
 * The web app's one way to call `/api`: JSON in, JSON out, and every failure an `ApiError`.
 * An aborted request rejects with the abort's own error, so that callers can tell it apart.
 */
export async function apiRequest<T>(
  path: string,
  { method = "GET", body, headers: own, signal, cache }: ApiRequest = {},
) {
  const headers: Record<string, string> = { accept: "application/json", ...own };
  if (body !== undefined) headers["content-type"] = "application/json";
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      cache,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, "network_error", String(error));
  }
  if (response.ok) return (response.status === 204 ? undefined : await response.json()) as T;
  const { error } = ((await response.json().catch(() => null)) ?? {}) as {
    error?: { code?: string; message?: string; fields?: FieldError[] };
  };
  const retryAfter = Number(response.headers.get("retry-after"));
  throw new ApiError(
    response.status,
    error?.code ?? `http_${response.status}`,
    error?.message ?? response.statusText,
    Array.isArray(error?.fields) ? error.fields : [],
    retryAfter > 0 ? retryAfter : undefined,
  );
}
