import { readDeviceCookie } from "@codcrm/core/auth/device-cookie.server";
import { LOGIN_MAX_FAILURES, LOGIN_SITE_MAX_CHECKS } from "@codcrm/core/auth/login-limits";
import { loginSchema } from "@codcrm/core/auth/login-schema";
import { loginBusyError } from "@codcrm/core/auth/login-gate";
import type { LoginLocks } from "@codcrm/core/auth/login-locks";
import type { WindowCounter } from "@codcrm/core/db/window-counter";
import { ForbiddenError, TooManyRequestsError, UnauthorizedError, secondsUntil } from "@codcrm/core/errors";
import { MAIL_STORES } from "../deps/mail-stores.ts";
import { parseWith, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";
import { askForCode } from "../staff/code-mail.ts";
import { ensureFirstOwner, openSession } from "../staff/sign-in.ts";

/**
 * A person's address and password, within the login limits of
 * docs/decisions/0322-sign-in-and-its-limits.md, and per account
 * (docs/decisions/0422-passkeys-and-mailed-codes.md). Each attempt is counted (one atomic update)
 * before the password is checked, so parallel attempts cannot all slip past a count read before
 * any of them was added:
 * - a browser with a valid device cookie has its own five attempts per window;
 * - any other client has five per address, and all of them share the site-wide cap;
 * - every attempt at an address counts against that account (five per window), except one from
 *   a browser this person signed in with before: a stranger who fails in their name cannot lock
 *   them out of the device they use.
 * A right password on a known device opens the session (200); on any other device it mails a
 * code and waits for it (202, `POST /api/auth/code`).
 */
export const route: RouteHandler = async (request, deps) => {
  const now = deps.clock();
  const { email, password } = parseWith(loginSchema, request.body);
  const secret = deps.config.JWT_SECRET;
  const device = readDeviceCookie(request.headers.cookie, secret);
  const attemptKey = device ? `device#${device}` : request.sourceIp;
  const accountKey = `account#${email}`;
  // A client, device or site already known to be locked is refused here, before any store
  // round trip or password check (docs/decisions/0322-sign-in-and-its-limits.md).
  const locks = await deps.loginLocks();
  const lockedUntil =
    locks.lockedUntil(lockKey.failures(attemptKey), now) ?? (device ? undefined : locks.lockedUntil(lockKey.site, now));
  if (lockedUntil !== undefined) {
    locks.refused += 1;
    throw tooManyFailures(lockedUntil, now);
  }
  // A flood of attempts from anywhere must not take the process: past a few in progress, the
  // rest are refused before any store round trip (docs/decisions/0322-sign-in-and-its-limits.md).
  const gate = device ? undefined : await deps.loginGate();
  if (gate && !gate.tryEnter()) throw loginBusyError();
  try {
    const failures = await deps.loginFailures();
    await take(failures, attemptKey, LOGIN_MAX_FAILURES, now, locks, lockKey.failures(attemptKey));
    if (!device) await take(await deps.loginChecks(), "site", LOGIN_SITE_MAX_CHECKS, now, locks, lockKey.site);

    await ensureFirstOwner(deps);
    const staff = await deps.staff();
    const member = await staff.byEmail(email);
    const knownDevice = member && device ? await staff.knowsDevice(member.id, device, now) : false;
    if (!knownDevice && locks.lockedUntil(lockKey.account(accountKey), now) === undefined) {
      await take(failures, accountKey, LOGIN_MAX_FAILURES, now, locks, lockKey.account(accountKey));
    } else if (!knownDevice) {
      locks.refused += 1;
      throw tooManyFailures(locks.lockedUntil(lockKey.account(accountKey), now)!, now);
    }

    // An address without an account is checked against the deployment's own hash (its cost is a
    // real account's) and refused whatever the verdict: a wrong address costs what a wrong
    // password costs, and the answer's time does not tell which addresses have accounts.
    const verdict = await (
      await deps.passwordGate()
    ).verify(password, member?.passwordHash ?? deps.config.ADMIN_PASSWORD_HASH);
    if (verdict === "busy") throw loginBusyError();
    if (!verdict || !member) throw new UnauthorizedError("invalid_password", "Incorrect address or password.");
    if (member.state !== "active") {
      throw new ForbiddenError("account_suspended", "This account cannot sign in. Ask an administrator.");
    }

    await failures.reset(attemptKey);
    locks.unlock(lockKey.failures(attemptKey));
    if (!knownDevice) return askForCode(member, device, deps);
    await failures.reset(accountKey);
    locks.unlock(lockKey.account(accountKey));
    return openSession(member, request, deps, "password", device);
  } finally {
    gate?.leave();
  }
};

/** Keys of the in-memory locks: a client's or device's attempts, an account's, and the site's checks. */
const lockKey = {
  failures: (attemptKey: string) => `failures:${attemptKey}`,
  account: (accountKey: string) => `failures:${accountKey}`,
  site: "checks:site",
};

function tooManyFailures(windowEnd: number, now: Date): TooManyRequestsError {
  return new TooManyRequestsError(secondsUntil(windowEnd, now), "Too many failed attempts. Try again later.");
}

/**
 * Counts one attempt; past `limit` within the window, refuses it (429 until the window ends).
 * The attempt that uses the last one notes the lock in memory: the next is refused from there.
 */
async function take(
  counter: WindowCounter,
  key: string,
  limit: number,
  now: Date,
  locks: LoginLocks,
  lock: string,
): Promise<void> {
  const window = await counter.hit(key, now);
  if (window.count >= limit) locks.lock(lock, window.windowEnd, now);
  if (window.count > limit) throw tooManyFailures(window.windowEnd, now);
}

export const handler = lambda(route, MAIL_STORES);
