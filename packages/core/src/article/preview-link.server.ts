import { createHmac, timingSafeEqual } from "node:crypto";
import type { Language } from "../site/languages.ts";

/**
 * Preview links (docs/decisions/0086-preview-links.md): `/{lang}/blog/preview/{token}`, two
 * segments under the blog, so no blog URL reading (one segment) can ever take it for an
 * article. The token is `{articleId}.{expiry, Unix seconds}.{signature}`: an HMAC-SHA256 of the
 * first two parts with a key derived from the server's signing secret for this one purpose,
 * so a preview token is never valid as anything else and the secret itself signs nothing here.
 */
function previewKey(secret: string): Buffer {
  return createHmac("sha256", secret).update("codcrm:preview-link:v1").digest();
}

function signature(secret: string, payload: string): Buffer {
  return createHmac("sha256", previewKey(secret)).update(payload).digest();
}

export function previewPath(language: Language, token: string): string {
  return `/${language}/blog/preview/${token}`;
}

/** A token for `articleId` valid until `expiresAt` (rounded down to the second). */
export function signPreviewToken(articleId: string, expiresAt: Date, secret: string): string {
  const payload = `${articleId}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return `${payload}.${signature(secret, payload).toString("base64url")}`;
}

/** The article id of a token signed with `secret` and not expired at `now`; otherwise undefined. */
export function verifyPreviewToken(token: string, now: Date, secret: string): string | undefined {
  const match = /^([0-9a-z]{1,80})\.([0-9]{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return undefined;
  const [, articleId, expiry, signed] = match as unknown as [string, string, string, string];
  const expected = signature(secret, `${articleId}.${expiry}`);
  const given = Buffer.from(signed, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  if (Number(expiry) * 1000 <= now.getTime()) return undefined;
  return articleId;
}
