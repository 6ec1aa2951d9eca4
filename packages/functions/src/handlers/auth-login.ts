import { deviceCookieHeader, newDeviceCookie, readDeviceCookie } from "@codcrm/core/auth/device-cookie.server";
import { LOGIN_MAX_FAILURES, LOGIN_SITE_MAX_CHECKS } from "@codcrm/core/auth/login-limits";
import { loginSchema } from "@codcrm/core/auth/login-schema";
import { issueAdminToken } from "@codcrm/core/auth/token.server";
import { loginBusyError } from "@codcrm/core/auth/login-gate";
import type { LoginLocks } from "@codcrm/core/auth/login-locks";
import type { WindowCounter } from "@codcrm/core/db/window-counter";
import { TooManyRequestsError, UnauthorizedError, secondsUntil } from "@codcrm/core/errors";
import { json, parseWith, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";

/**
 * Checks the administrator password against its scrypt hash, within the login limits of
 * docs/decisions/0322-sign-in-and-its-limits.md. Each attempt is counted (one atomic
 * update) before the password is checked, so parallel attempts cannot all slip past a count
 * read before any of them was added:
 * - a browser with a valid device cookie (it signed in here before) has its own five attempts
 *   per window and nothing else counts against it;
 * - any other client has five attempts per address, and all of them share the site-wide cap.
 * A success clears the attempts of that client or device and hands out (or refreshes) the
 * device cookie.
 */
export const route: RouteHandler = async (request, deps) => {
  const now = deps.clock();
  const { password } = parseWith(loginSchema, request.body);
  const secret = deps.config.JWT_SECRET;
  const device = readDeviceCookie(request.headers.cookie, secret);
  const attemptKey = device ? `device#${device}` : request.sourceIp;
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
    await take(await deps.loginFailures(), attemptKey, LOGIN_MAX_FAILURES, now, locks, lockKey.failures(attemptKey));
    if (!device) await take(await deps.loginChecks(), "site", LOGIN_SITE_MAX_CHECKS, now, locks, lockKey.site);

    const verdict = await (await deps.passwordGate()).verify(password, deps.config.ADMIN_PASSWORD_HASH);
    if (verdict === "busy") throw loginBusyError();
    if (!verdict) throw new UnauthorizedError("invalid_password", "Incorrect password.");

    await (await deps.loginFailures()).reset(attemptKey);
    locks.unlock(lockKey.failures(attemptKey));
    const issued = await issueAdminToken(secret, deps.config.ADMIN_PASSWORD_HASH, now);
    const setCookie = device ? deviceCookieHeader(secret, device) : newDeviceCookie(secret).setCookie;
    return json(200, { ...issued, name: deps.config.ADMIN_NAME }, { "set-cookie": setCookie });
  } finally {
    gate?.leave();
  }
};

/** Keys of the in-memory locks: a client's or device's attempts, and the site's checks. */
const lockKey = {
  failures: (attemptKey: string) => `failures:${attemptKey}`,
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

export const handler = lambda(route);
