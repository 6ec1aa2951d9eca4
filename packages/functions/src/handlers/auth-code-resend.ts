import { resendSchema } from "@codcrm/core/auth/login-schema";
import { codeHash, newSignInCode } from "@codcrm/core/auth/session.server";
import { TooManyRequestsError, UnauthorizedError } from "@codcrm/core/errors";
import { MAIL_STORES } from "../deps/mail-stores.ts";
import { json, parseWith, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";
import { countCodeMail, mailCode } from "../staff/code-mail.ts";
import { CODE_MAX_SENDS, CODE_RESEND_GAP_MS } from "../staff/sign-in.ts";

/**
 * Mails a new code for a sign-in waiting for one: at most three codes per sign-in, 30 seconds
 * apart, and within the person's codes per window; the earlier code stops working.
 */
export const route: RouteHandler = async (request, deps) => {
  const now = deps.clock();
  const { challenge: id } = parseWith(resendSchema, request.body);
  const challenges = await deps.challenges();
  const challenge = await challenges.get(id, now);
  if (!challenge || challenge.kind !== "code" || !challenge.staffId) {
    throw new UnauthorizedError("code_expired", "This sign-in is over. Sign in again.");
  }
  const member = await (await deps.staff()).get(challenge.staffId);
  if (!member) throw new UnauthorizedError("code_expired", "This sign-in is over. Sign in again.");
  const code = newSignInCode();
  if (
    !(await challenges.replaceCode(
      id,
      codeHash(deps.config.JWT_SECRET, id, code),
      now,
      CODE_MAX_SENDS,
      CODE_RESEND_GAP_MS,
    ))
  ) {
    throw new TooManyRequestsError(CODE_RESEND_GAP_MS / 1000, "No more codes for this sign-in now.");
  }
  await countCodeMail(member, deps);
  await mailCode(member, code, id, challenge.sends + 1, deps);
  return json(202, { sent: true });
};

export const handler = lambda(route, MAIL_STORES);
