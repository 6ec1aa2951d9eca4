import { describe, expect, it } from "vitest";
import {
  signConfirmationToken,
  signUnsubscribeToken,
  verifyConfirmationToken,
  verifyUnsubscribeToken,
} from "./newsletter-tokens.server.ts";

const SECRET = "a-secret-of-at-least-thirty-two-characters";
const NOW = new Date("2026-11-26T10:00:00Z");
const NONCE = "AAAAAAAAAAAAAAAAAAAAAA";
const IN_A_WEEK = new Date(NOW.getTime() + 7 * 24 * 3600_000);

describe("newsletter tokens", () => {
  it("confirmation: the address and nonce back while valid, 'expired' with the address after", () => {
    const token = signConfirmationToken("ana@tienda.example", NONCE, IN_A_WEEK, SECRET);
    expect(verifyConfirmationToken(token, NOW, SECRET)).toEqual({
      valid: true,
      email: "ana@tienda.example",
      nonce: NONCE,
    });
    expect(verifyConfirmationToken(token, IN_A_WEEK, SECRET)).toEqual({
      valid: false,
      reason: "expired",
      email: "ana@tienda.example",
    });
  });

  it("refuses another secret, any changed part, and every other kind of signed token", () => {
    const token = signConfirmationToken("ana@tienda.example", NONCE, IN_A_WEEK, SECRET);
    expect(verifyConfirmationToken(token, NOW, `${SECRET}x`)).toEqual({ valid: false, reason: "invalid" });
    const [address, nonce, expiry, signature] = token.split(".") as [string, string, string, string];
    for (const changed of [
      [Buffer.from("eva@tienda.example").toString("base64url"), nonce, expiry, signature],
      [address, "BBBBBBBBBBBBBBBBBBBBBB", expiry, signature],
      [address, nonce, String(Number(expiry) + 86400), signature],
    ])
      expect(verifyConfirmationToken(changed.join("."), NOW, SECRET)).toEqual({ valid: false, reason: "invalid" });
    // Single purpose: an unsubscribe token never confirms, nor a confirmation token unsubscribes.
    const unsubscribe = signUnsubscribeToken("ana@tienda.example", SECRET);
    expect(
      verifyConfirmationToken(
        `${unsubscribe.split(".")[0]}.${NONCE}.${expiry}.${unsubscribe.split(".")[1]}`,
        NOW,
        SECRET,
      ).valid,
    ).toBe(false);
    expect(verifyUnsubscribeToken(`${address}.${signature}`, SECRET)).toBeUndefined();
  });

  it("unsubscribe: valid without expiry, for its address only", () => {
    const token = signUnsubscribeToken("ana@tienda.example", SECRET);
    expect(verifyUnsubscribeToken(token, SECRET)).toBe("ana@tienda.example");
    const [, signature] = token.split(".");
    expect(
      verifyUnsubscribeToken(`${Buffer.from("eva@tienda.example").toString("base64url")}.${signature}`, SECRET),
    ).toBeUndefined();
    expect(verifyUnsubscribeToken("garbage", SECRET)).toBeUndefined();
  });
});
