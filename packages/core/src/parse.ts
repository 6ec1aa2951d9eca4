import { safeParse, type $ZodType, type output } from "zod/v4/core";
import { BadRequestError, ValidationError } from "./errors.ts";
import { fieldErrors } from "./validation.ts";

/**
 * Validates a body with its shared zod schema (the form's own): a failure is a 400 naming each
 * bad field, a missing body a 400 `missing_body`. Used by the handlers and by the services that
 * validate what they are given (`article/article-service.ts`).
 */
export function parseWith<S extends $ZodType>(schema: S, value: unknown): output<S> {
  if (value === undefined) throw new BadRequestError("missing_body", "A JSON body is required.");
  // Zod's core parse: a schema of classic zod or of Zod Mini alike (a function's bundle carries
  // the one its schemas are written in).
  const result = safeParse(schema, value);
  if (!result.success) throw new ValidationError(fieldErrors(result.error));
  return result.data;
}
