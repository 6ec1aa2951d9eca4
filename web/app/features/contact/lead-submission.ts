/*
 * What the lead forms need only once a visitor uses one: the schema's verdict per field and the
 * post. Loaded with the schema (`use-lead-form.ts`), so a page's script carries neither the
 * validation codes nor the API client for a form nobody fills in
 * (docs/decisions/0099-what-a-page-downloads.md).
 */
import type * as z from "zod/mini";
import { fieldErrors, VALIDATION_CODES, type ValidationCode } from "@codcrm/core/validation";
import { ApiError, apiRequest } from "../../lib/api-client.ts";

/** Per field, the validation code to show under it (its text is `validation.<code>`). */
export type FieldCodes = Record<string, ValidationCode | undefined>;

/** Longer than the API's own worst case (one mail attempt); a hung request must not lock the form. */
const REQUEST_TIMEOUT_MS = 20_000;

/** The first problem the schema finds in each of `fields`, none when the body passes. */
export function schemaCodes(
  schema: z.ZodMiniType,
  body: Record<string, unknown>,
  fields: readonly string[],
): FieldCodes {
  const result = schema.safeParse(body);
  const codes: FieldCodes = {};
  if (result.success) return codes;
  for (const error of fieldErrors(result.error)) if (fields.includes(error.field)) codes[error.field] = error.code;
  return codes;
}

/** Posts a checked body to the API; rejects with an `ApiError` as `apiRequest` does. */
export async function postLead(endpoint: string, body: unknown): Promise<void> {
  await apiRequest(endpoint, { method: "POST", body, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
}

/** The `fields` of a 400 `validation_failed` answer, for the fields this form has. */
export function answerCodes(error: unknown, fields: readonly string[]): FieldCodes {
  const codes: FieldCodes = {};
  if (!(error instanceof ApiError)) return codes;
  for (const { field, code } of error.fields) {
    if (!fields.includes(field)) continue;
    codes[field] ??= code in VALIDATION_CODES ? code : "invalid";
  }
  return codes;
}

/**
 * When a refused post may be tried again: the seconds of a 429's `Retry-After`, or `null` for
 * a 429 without one (still a limit, not a failure); `undefined` for any other failure.
 */
export function retryDelay(error: unknown): number | null | undefined {
  if (!(error instanceof ApiError) || error.status !== 429) return undefined;
  return error.retryAfter ?? null;
}
