import { personalDataRequestSchema } from "@codcrm/core/lead/lead-schemas";
import type { ErasureResult } from "@codcrm/core/lead/personal-data";
import { LEAD_STORES } from "../deps/lead-stores.ts";
import { MAIL_STORES } from "../deps/mail-stores.ts";
import { json, parseWith, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";

/**
 * Erases an address (RGPD art. 17, docs/decisions/0168-personal-data-export-and-erasure.md):
 * every item that holds it, then a dated record that keeps only its hash. Repeating it is
 * harmless: nothing is left to remove, and another record says so.
 */
export const route: RouteHandler = async (request, deps) => {
  const { email } = parseWith(personalDataRequestSchema, request.body);
  const result = await (await deps.personalData()).erase(email, deps.clock());
  return json(200, result satisfies ErasureResult);
};

export const handler = lambda(route, LEAD_STORES, MAIL_STORES);
