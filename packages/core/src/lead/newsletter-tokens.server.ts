import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The newsletter's signed links (docs/decisions/0160-newsletter-double-opt-in.md). Each kind
 * signs with its own key derived from the server's secret for that one purpose, as preview
 * links do (docs/decisions/0086-preview-links.md): a confirmation token is never an
 * unsubscribe token, nor anything else, and the secret itself signs nothing here.
 *
 * - Confirmation: `{address}.{nonce}.{expiry, Unix seconds}.{signature}`. The nonce is the one
 *   the pending subscription stores; confirming removes it, so a link works once.
 * - Unsubscribe: `{address}.{signature}`, without expiry: a link in a mail read a year later
 *   (and the mailbox's one-click button, RFC 8058) must still let the reader go.
 *
 * The address is base64url (its owner's own link; the referrer policy keeps it on the site).
 */
export type ConfirmationCheck =
  | { valid: true; email: string; nonce: string }
  | { valid: false; reason: "invalid" }
  | { valid: false; reason: "expired"; email: string };

const CONFIRM_PURPOSE = "codcrm:newsletter-confirm:v1";
const UNSUBSCRIBE_PURPOSE = "codcrm:newsletter-unsubscribe:v1";

function sign(secret: string, purpose: string, payload: string): Buffer {
  const key = createHmac("sha256", secret).update(purpose).digest();
  return createHmac("sha256", key).update(payload).digest();
}

function signatureMatches(secret: string, purpose: string, payload: string, signed: string): boolean {
  const expected = sign(secret, purpose, payload);
  const given = Buffer.from(signed, "base64url");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const encode = (email: string) => Buffer.from(email, "utf8").toString("base64url");
const decode = (encoded: string) => Buffer.from(encoded, "base64url").toString("utf8");

export function signConfirmationToken(email: string, nonce: string, expiresAt: Date, secret: string): string {
  const payload = `${encode(email)}.${nonce}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return `${payload}.${sign(secret, CONFIRM_PURPOSE, payload).toString("base64url")}`;
}

/** What a confirmation token says, checked: its signature first, then its expiry. */
export function verifyConfirmationToken(token: string, now: Date, secret: string): ConfirmationCheck {
  const match = /^([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{22})\.([0-9]{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return { valid: false, reason: "invalid" };
  const [, address, nonce, expiry, signed] = match as unknown as [string, string, string, string, string];
  if (!signatureMatches(secret, CONFIRM_PURPOSE, `${address}.${nonce}.${expiry}`, signed))
    return { valid: false, reason: "invalid" };
  const email = decode(address);
  if (Number(expiry) * 1000 <= now.getTime()) return { valid: false, reason: "expired", email };
  return { valid: true, email, nonce };
}

export function signUnsubscribeToken(email: string, secret: string): string {
  const payload = encode(email);
  return `${payload}.${sign(secret, UNSUBSCRIBE_PURPOSE, payload).toString("base64url")}`;
}

/** The address an unsubscribe token was signed for, or undefined. */
export function verifyUnsubscribeToken(token: string, secret: string): string | undefined {
  const match = /^([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return undefined;
  const [, address, signed] = match as unknown as [string, string, string];
  return signatureMatches(secret, UNSUBSCRIBE_PURPOSE, address, signed) ? decode(address) : undefined;
}
