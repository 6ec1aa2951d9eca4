import { createHash, createHmac, randomBytes, randomInt } from "node:crypto";
import { parse, serialize } from "cookie";

/**
 * Cookie sessions and personal API keys (docs/decisions/0421-cookie-sessions-and-csrf.md).
 * A session is 32 random bytes in an `HttpOnly`, `SameSite=Strict` cookie sent to `/api` only,
 * `Secure` on HTTPS; the store keeps its SHA-256, so a copy of the table opens no session. A
 * key is the same for scripts, sent as `Authorization: Bearer`.
 */
export const SESSION_COOKIE = "codcrm_session";
export const SESSION_COOKIE_PATH = "/api";
/** A session lasts this long from its sign-in, then the person signs in again. */
export const SESSION_TTL_SECONDS = 12 * 60 * 60;
export { CSRF_HEADER, CSRF_HEADER_VALUE } from "./csrf.ts";

/** Personal API keys start with this, so a leaked one is recognisable (and a secret scanner can find it). */
export const API_KEY_PREFIX = "codcrm_";

/** SHA-256, base64url: what the store keeps of a session cookie, an API key or an invitation token. */
export function secretHash(secret: string): string {
  return createHash("sha256").update(secret).digest("base64url");
}

export function newSecret(): string {
  return randomBytes(32).toString("base64url");
}

export function newApiKey(): string {
  return `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
}

const SECRET_SHAPE = /^[\w-]{43}$/;
const API_KEY_SHAPE = /^codcrm_[\w-]{43}$/;

export function isApiKeyShaped(value: string): boolean {
  return API_KEY_SHAPE.test(value);
}

/** The session secret of a request's cookies, when it has one of the shape this site makes. */
export function readSessionCookie(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  const value = parse(cookieHeader)[SESSION_COOKIE];
  return value && SECRET_SHAPE.test(value) ? value : undefined;
}

/** `Secure` whenever the site is served over HTTPS (every deployment); plain HTTP only on a local server. */
export function sessionCookieHeader(secret: string, secure: boolean): string {
  return serialize(SESSION_COOKIE, secret, {
    httpOnly: true,
    secure,
    sameSite: "strict",
    path: SESSION_COOKIE_PATH,
    maxAge: SESSION_TTL_SECONDS,
  });
}

/** Tells the browser to forget its session cookie (sign-out, or one the server no longer knows). */
export function clearedSessionCookie(secure: boolean): string {
  return serialize(SESSION_COOKIE, "", {
    httpOnly: true,
    secure,
    sameSite: "strict",
    path: SESSION_COOKIE_PATH,
    maxAge: 0,
  });
}

/** A mailed sign-in code: six digits, uniformly drawn. */
export function newSignInCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

/** What the store keeps of a code: keyed with the site's secret, so a copy of the table cannot try all million. */
export function codeHash(secret: string, challengeId: string, code: string): string {
  return createHmac("sha256", secret).update(`code:${challengeId}:${code}`).digest("base64url");
}
