import type { FieldError } from "./validation.ts";

/**
 * Errors the domain raises on purpose. The HTTP layer maps each to its status; anything
 * else is a bug and becomes a 500 without details.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The fields the error is about, named as a validation error names them; the answer lists them. */
    readonly fields?: FieldError[],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  declare readonly fields: FieldError[];
  constructor(fields: FieldError[]) {
    super(400, "validation_failed", `Invalid fields: ${fields.map((f) => f.field).join(", ")}`, fields);
  }
}

export class BadRequestError extends AppError {
  constructor(code: string, message: string) {
    super(400, code, message);
  }
}

export class UnauthorizedError extends AppError {
  constructor(code = "unauthorized", message = "Sign in to continue.") {
    super(401, code, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(code = "forbidden", message = "Not allowed.") {
    super(403, code, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = "Not found.") {
    super(404, "not_found", message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, code = "conflict", fields?: FieldError[]) {
    super(409, code, message, fields);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(limitBytes: number) {
    super(413, "payload_too_large", `The body is larger than ${limitBytes} bytes.`);
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor(message = "Send the body as application/json.") {
    super(415, "unsupported_media_type", message);
  }
}

/** The request was understood but what it points at cannot be accepted (an upload that is no image). */
export class UnprocessableContentError extends AppError {
  constructor(code: string, message: string, fields?: FieldError[]) {
    super(422, code, message, fields);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message = "Too many attempts. Try again later.",
  ) {
    super(429, "too_many_requests", message);
  }
}

/**
 * Whole seconds until a limit's window ends, at least 1 (the `Retry-After` of a 429). Here and
 * not beside the window counter: that module loads the DynamoDB client, which a handler must
 * only load on first use (docs/decisions/0010-one-lambda-per-route.md).
 */
export function secondsUntil(windowEnd: number, now: Date): number {
  return Math.max(1, Math.ceil((windowEnd - now.getTime()) / 1000));
}
