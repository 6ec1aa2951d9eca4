import { SignJWT, jwtVerify } from "jose";

export const TOKEN_TTL_SECONDS = 8 * 60 * 60;
const ISSUER = "codcrm-site";
const AUDIENCE = "codcrm-admin";

export interface IssuedToken {
  token: string;
  expiresAt: string;
}

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/** A signed (HS256) token for the single administrator, valid for eight hours. */
export async function issueAdminToken(secret: string, now: Date): Promise<IssuedToken> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = issuedAt + TOKEN_TTL_SECONDS;
  const token = await new SignJWT({ role: "admin" })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject("admin")
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(key(secret));
  return { token, expiresAt: new Date(expiresAt * 1000).toISOString() };
}

/** True only for a token this site signed that has not expired at `now`. */
export async function isValidAdminToken(token: string, secret: string, now: Date): Promise<boolean> {
  try {
    await jwtVerify(token, key(secret), {
      algorithms: ["HS256"],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: now,
      clockTolerance: 0,
    });
    return true;
  } catch {
    return false;
  }
}
