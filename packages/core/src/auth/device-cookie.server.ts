import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { parse, serialize } from "cookie";

/**
 * OWASP's "device cookie": a browser that signed in successfully gets a signed proof, and a
 * login that carries it is counted against that device alone, not against the limits other
 * clients fill up (the per-address lockout and the site-wide cap). See
 * docs/decisions/0322-sign-in-and-its-limits.md.
 */
export const DEVICE_COOKIE = "codcrm_device";
/** Sent only to the login (and sign-out) routes. */
export const DEVICE_COOKIE_PATH = "/api/auth";
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

function sign(secret: string, deviceId: string): string {
  return createHmac("sha256", secret).update(`device:${deviceId}`).digest("base64url");
}

/** A new device id and the Set-Cookie value that hands it to the browser. */
export function newDeviceCookie(secret: string): { deviceId: string; setCookie: string } {
  const deviceId = randomBytes(16).toString("base64url");
  return { deviceId, setCookie: deviceCookieHeader(secret, deviceId) };
}

/** Set-Cookie for an existing device (refreshes its lifetime). */
export function deviceCookieHeader(secret: string, deviceId: string): string {
  return serialize(DEVICE_COOKIE, `${deviceId}.${sign(secret, deviceId)}`, {
    httpOnly: true,
    secure: true,
    sameSite: "strict",
    path: DEVICE_COOKIE_PATH,
    maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
  });
}

/** The device id of a valid cookie in a Cookie header; undefined when absent, forged or malformed. */
export function readDeviceCookie(cookieHeader: string | undefined, secret: string): string | undefined {
  if (!cookieHeader) return undefined;
  const value = parse(cookieHeader)[DEVICE_COOKIE];
  const match = value ? /^([\w-]{22})\.([\w-]{43})$/.exec(value) : null;
  if (!match) return undefined;
  const [, deviceId, given] = match as unknown as [string, string, string];
  const expected = Buffer.from(sign(secret, deviceId));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? deviceId : undefined;
}
