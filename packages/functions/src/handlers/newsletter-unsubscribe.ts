import { BadRequestError } from "@codcrm/core/errors";
import { verifyUnsubscribeToken } from "@codcrm/core/lead/newsletter-tokens.server";
import { LEAD_STORES } from "../deps/lead-stores.ts";
import { MAIL_STORES } from "../deps/mail-stores.ts";
import type { RouteHandler } from "../http/api.ts";
import { visitorLambda } from "../http/visitor-lambda.ts";
import { newsletterOf } from "../lead/newsletter-service.ts";

/**
 * Leaves the newsletter at once (docs/decisions/0162-one-click-unsubscribe.md): the mailbox
 * provider's one-click POST (RFC 8058, form-encoded `List-Unsubscribe=One-Click`, token in the
 * URL) and the unsubscribe page's button (no body, token in the URL) both land here. Idempotent:
 * leaving twice, or leaving a subscription that expired meanwhile, answers the same 204.
 */
export const route: RouteHandler = async (request, deps) => {
  const email = verifyUnsubscribeToken((request.query.token ?? "").slice(0, 600), deps.config.JWT_SECRET);
  if (!email) throw new BadRequestError("invalid_token", "This unsubscribe link is not valid.");
  await (await newsletterOf(deps)).unsubscribe(email);
  return { status: 204 };
};

export const handler = visitorLambda(route, LEAD_STORES, MAIL_STORES);
