import { describe, expect, it } from "vitest";
import { hashPassword, isPasswordHash, verifyPassword } from "./password.server.ts";

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
