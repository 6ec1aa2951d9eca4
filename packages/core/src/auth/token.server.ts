import { createHmac, randomUUID } from "node:crypto";
import { SignJWT, jwtVerify } from "jose";

export const TOKEN_TTL_SECONDS = 8 * 60 * 60;
const ISSUER = "codcrm-site";
const AUDIENCE = "codcrm-admin";

export interface IssuedToken {
  token: string;
  expiresAt: string;
}

/** What a verified token says: its id and expiry (epoch seconds), for revoking it. */
export interface AdminClaims {
  jti: string;
  exp: number;
}

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/**
 * A fingerprint of the password hash the token was issued under: when ADMIN_PASSWORD_HASH
 * changes, every token issued before stops working. Keyed with the signing secret, so the
 * (readable) token tells nothing about the hash.
 */
export function passwordFingerprint(secret: string, passwordHash: string): string {
  return createHmac("sha256", secret).update(`password:${passwordHash}`).digest("base64url").slice(0, 22);
}

/** Token ids are UUIDs when issued here; anything else this short and plain is tolerated, nothing else. */
const TOKEN_ID = /^[\w-]{1,64}$/;

export function isTokenId(value: unknown): value is string {
  return typeof value === "string" && TOKEN_ID.test(value);
}

/** A signed (HS256) token for the single administrator, valid for eight hours. */
export async function issueAdminToken(secret: string, passwordHash: string, now: Date): Promise<IssuedToken> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = issuedAt + TOKEN_TTL_SECONDS;
  const token = await new SignJWT({ role: "admin", pwd: passwordFingerprint(secret, passwordHash) })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject("admin")
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setJti(randomUUID())
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(key(secret));
  return { token, expiresAt: new Date(expiresAt * 1000).toISOString() };
}

/**
 * The claims of a token this site signed for the administrator, under the current password,
 * that has not expired at `now`; undefined for anything else. A token must carry `exp`,
 * `iat`, `jti` and `role: "admin"`, and may not live longer than TOKEN_TTL_SECONDS, whatever
 * it says (a leaked signing secret still cannot mint a token for ever). Revocation is
 * checked by the caller (it needs the store).
 */
export async function verifyAdminToken(
  token: string,
  secret: string,
  passwordHash: string,
  now: Date,
): Promise<AdminClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ["HS256"],
      issuer: ISSUER,
      audience: AUDIENCE,
      subject: "admin",
      requiredClaims: ["exp", "iat", "jti"],
      maxTokenAge: TOKEN_TTL_SECONDS,
      currentDate: now,
      clockTolerance: 0,
    });
    const { exp, iat, jti } = payload;
    // Every claim is checked for its type, not only its presence: the id keys the token's
    // revocation item, so anything but a short id string (a number, an object, "", 5,000
    // characters) is no token of ours.
    if (typeof exp !== "number" || typeof iat !== "number" || !isTokenId(jti)) return undefined;
    if (payload.role !== "admin") return undefined;
    if (exp - iat > TOKEN_TTL_SECONDS || iat * 1000 > now.getTime()) return undefined;
    if (payload.pwd !== passwordFingerprint(secret, passwordHash)) return undefined;
    return { jti, exp };
  } catch {
    return undefined;
  }
}
