import { personalDataRequestSchema } from "@codcrm/core/lead/lead-schemas";
import type { PersonalDataExport } from "@codcrm/core/lead/personal-data";
import { LEAD_STORES } from "../deps/lead-stores.ts";
import { MAIL_STORES } from "../deps/mail-stores.ts";
import { json, parseWith, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";

/**
 * Everything the site holds about an address, as JSON (RGPD art. 15,
 * docs/decisions/0168-personal-data-export-and-erasure.md). A POST, so the address travels in
 * the body, never in a URL that access logs keep.
 */
export const route: RouteHandler = async (request, deps) => {
  const { email } = parseWith(personalDataRequestSchema, request.body);
  const data = await (await deps.personalData()).export(email, deps.clock());
  return json(200, data satisfies PersonalDataExport);
};

export const handler = lambda(route, LEAD_STORES, MAIL_STORES);
