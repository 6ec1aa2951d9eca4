import { timingSafeEqual } from "node:crypto";
import { readDeviceCookie } from "@codcrm/core/auth/device-cookie.server";
import { codeSchema } from "@codcrm/core/auth/login-schema";
import { codeHash } from "@codcrm/core/auth/session.server";
import { UnauthorizedError } from "@codcrm/core/errors";
import { parseWith, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";
import { CODE_MAX_ATTEMPTS, openSession } from "../staff/sign-in.ts";

/**
 * The mailed code of a password sign-in on a new device (docs/decisions/0422-passkeys-and-mailed-codes.md):
 * five minutes, five tries, once. Right, from the browser that asked (its device cookie), it
 * opens the session and that browser is known from then on: no code next time.
 */
export const route: RouteHandler = async (request, deps) => {
  const now = deps.clock();
  const { challenge: id, code } = parseWith(codeSchema, request.body);
  const challenges = await deps.challenges();
  const challenge = await challenges.get(id, now);
  const refused = () => new UnauthorizedError("invalid_code", "The code is not right, or no longer valid.");
  if (!challenge || challenge.kind !== "code" || !challenge.staffId || !challenge.codeHash) throw refused();
  const device = readDeviceCookie(request.headers.cookie, deps.config.JWT_SECRET);
  if (!device || device !== challenge.deviceId) throw refused();
  // Counted before it is compared: parallel guesses cannot all slip past the fifth.
  if (!(await challenges.countAttempt(id, CODE_MAX_ATTEMPTS))) {
    await challenges.consume(id);
    throw new UnauthorizedError("code_expired", "Too many wrong codes. Sign in again.");
  }
  const given = Buffer.from(codeHash(deps.config.JWT_SECRET, id, code));
  const expected = Buffer.from(challenge.codeHash);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refused();
  // Once: of two requests with the right code, one deletes the challenge, the other finds nothing.
  if (!(await challenges.consume(id))) throw refused();
  const staff = await deps.staff();
  const member = await staff.get(challenge.staffId);
  if (!member || member.state !== "active") throw refused();
  await staff.rememberDevice(member.id, device, now);
  await (await deps.loginFailures()).reset(`account#${member.email}`);
  (await deps.loginLocks()).unlock(`failures:account#${member.email}`);
  return openSession(member, request, deps, "password", device);
};

export const handler = lambda(route);
