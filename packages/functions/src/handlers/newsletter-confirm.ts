import { BadRequestError, ConflictError } from "@codcrm/core/errors";
import type { NewsletterConfirmResponse } from "@codcrm/core/lead/lead-api";
import { newsletterConfirmSchema } from "@codcrm/core/lead/lead-schemas";
import { verifyConfirmationToken } from "@codcrm/core/lead/newsletter-tokens.server";
import { LEAD_STORES } from "../deps/lead-stores.ts";
import { MAIL_STORES } from "../deps/mail-stores.ts";
import { json, parseWith, type RouteHandler } from "../http/api.ts";
import { visitorLambda } from "../http/visitor-lambda.ts";
import { newsletterOf } from "../lead/newsletter-service.ts";

/**
 * The confirmation page's button (docs/decisions/0160-newsletter-double-opt-in.md). Only this
 * POST confirms: mail scanners that open the link's page confirm nothing. Every refusal is a
 * 4xx with its own code, which the page words in the visitor's language.
 */
export const route: RouteHandler = async (request, deps) => {
  const { token } = parseWith(newsletterConfirmSchema, request.body);
  const check = verifyConfirmationToken(token, deps.clock(), deps.config.JWT_SECRET);
  if (!check.valid && check.reason === "expired")
    throw new BadRequestError("expired_token", "This confirmation link has expired. Subscribe again.");
  if (!check.valid) throw new BadRequestError("invalid_token", "This confirmation link is not valid.");
  const outcome = await (await newsletterOf(deps)).confirm(check.email, check.nonce);
  if (outcome.result === "used") throw new ConflictError("This confirmation link was used already.", "token_used");
  if (outcome.result === "unknown")
    throw new BadRequestError("expired_token", "This confirmation link has expired. Subscribe again.");
  return json(200, { status: "confirmed", language: outcome.language } satisfies NewsletterConfirmResponse);
};

export const handler = visitorLambda(route, LEAD_STORES, MAIL_STORES);
