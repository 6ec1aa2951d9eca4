import { describe, expect, it } from "vitest";
import { hashPassword, isPasswordHash, verifyPassword } from "./password.ts";
import { issueAdminToken, isValidAdminToken, TOKEN_TTL_SECONDS } from "./token.ts";

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

  it("is valid until it expires after eight hours", async () => {
    const { token, expiresAt } = await issueAdminToken(secret, now);
    expect(Date.parse(expiresAt) - now.getTime()).toBe(TOKEN_TTL_SECONDS * 1000);
    expect(await isValidAdminToken(token, secret, new Date(now.getTime() + TOKEN_TTL_SECONDS * 1000 - 1000))).toBe(
      true,
    );
    expect(await isValidAdminToken(token, secret, new Date(now.getTime() + TOKEN_TTL_SECONDS * 1000 + 1000))).toBe(
      false,
    );
  });

  it("is rejected with another secret or when tampered", async () => {
    const { token } = await issueAdminToken(secret, now);
    expect(await isValidAdminToken(token, "t".repeat(40), now)).toBe(false);
    const [header, payload, signature] = token.split(".");
    const forged = Buffer.from(JSON.stringify({ role: "admin", sub: "admin", exp: 9999999999 })).toString("base64url");
    expect(await isValidAdminToken(`${header}.${forged}.${signature}`, secret, now)).toBe(false);
    expect(await isValidAdminToken(`${header}.${payload}.`, secret, now)).toBe(false);
  });
});
