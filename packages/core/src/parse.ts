import type * as z from "zod";
import { BadRequestError, ValidationError } from "./errors.ts";
import { fieldErrors } from "./validation.ts";

/**
 * Validates a body with its shared zod schema (the form's own): a failure is a 400 naming each
 * bad field, a missing body a 400 `missing_body`. Used by the handlers and by the services that
 * validate what they are given (`article/article-service.ts`).
 */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  if (value === undefined) throw new BadRequestError("missing_body", "A JSON body is required.");
  const result = schema.safeParse(value);
  if (!result.success) throw new ValidationError(fieldErrors(result.error));
  return result.data;
}
