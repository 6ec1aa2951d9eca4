import { describe, expect, it } from "vitest";
import { hashPassword, isPasswordHash, verifyPassword } from "./password.server.ts";
import { SignJWT } from "jose";
import { issueAdminToken, passwordFingerprint, TOKEN_TTL_SECONDS, verifyAdminToken } from "./token.server.ts";

const secret = "s".repeat(40);

describe("password hashing", () => {
  it("verifies the right password only, with OWASP scrypt parameters in the hash", async () => {
    const hash = await hashPassword("correct horse");
    expect(hash).toMatch(/^scrypt\$32768\$8\$3\$/);
    expect(isPasswordHash(hash)).toBe(true);
    expect(await verifyPassword("correct horse", hash)).toBe(true);
    expect(await verifyPassword("correct horsf", hash)).toBe(false);
    expect(await verifyPassword("correct horse", "not-a-hash")).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("x")).not.toBe(await hashPassword("x"));
  });
});

describe("admin token", () => {
  const now = new Date("2026-11-21T10:00:00Z");
  const hash = "scrypt$32768$8$3$c2FsdA$a2V5";
  const valid = (token: string, at = now, passwordHash = hash) =>
    verifyAdminToken(token, secret, passwordHash, at).then((claims) => claims !== undefined);

  it("is valid until it expires after eight hours", async () => {
    const { token, expiresAt } = await issueAdminToken(secret, hash, now);
    expect(Date.parse(expiresAt) - now.getTime()).toBe(TOKEN_TTL_SECONDS * 1000);
    expect(await valid(token, new Date(now.getTime() + TOKEN_TTL_SECONDS * 1000 - 1000))).toBe(true);
    expect(await valid(token, new Date(now.getTime() + TOKEN_TTL_SECONDS * 1000 + 1000))).toBe(false);
  });

  it("is rejected with another secret or when tampered", async () => {
    const { token } = await issueAdminToken(secret, hash, now);
    expect(await verifyAdminToken(token, "t".repeat(40), hash, now)).toBeUndefined();
    const [header, payload, signature] = token.split(".");
    const forged = Buffer.from(JSON.stringify({ role: "admin", sub: "admin", exp: 9999999999 })).toString("base64url");
    expect(await valid(`${header}.${forged}.${signature}`)).toBe(false);
    expect(await valid(`${header}.${payload}.`)).toBe(false);
  });

  it("stops working when the password hash changes", async () => {
    const { token } = await issueAdminToken(secret, hash, now);
    expect(await valid(token)).toBe(true);
    expect(await valid(token, now, "scrypt$32768$8$3$b3RoZXI$a2V5")).toBe(false);
  });

  /** Tokens signed with the right secret that this site would never issue. */
  async function signed(claims: Record<string, unknown>, build: (jwt: SignJWT) => SignJWT): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    const jwt = new SignJWT({ pwd: passwordFingerprint(secret, hash), ...claims })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject("admin")
      .setIssuer("codcrm-site")
      .setAudience("codcrm-admin")
      .setIssuedAt(iat);
    return build(jwt).sign(new TextEncoder().encode(secret));
  }
  const iat = Math.floor(now.getTime() / 1000);

  it("requires exp, role admin, an id, and a lifetime of at most eight hours", async () => {
    const complete = (jwt: SignJWT) => jwt.setJti("a").setExpirationTime(iat + 3600);
    expect(await valid(await signed({ role: "admin" }, complete))).toBe(true);
    expect(await valid(await signed({ role: "admin" }, (jwt) => jwt.setJti("a")))).toBe(false);
    expect(await valid(await signed({}, complete))).toBe(false);
    expect(await valid(await signed({ role: "editor" }, complete))).toBe(false);
    expect(await valid(await signed({ role: "admin" }, (jwt) => jwt.setExpirationTime(iat + 3600)))).toBe(false);
    const longLived = await signed({ role: "admin" }, (jwt) => jwt.setJti("a").setExpirationTime(iat + 30 * 86400));
    expect(await valid(longLived)).toBe(false);
  });
});
