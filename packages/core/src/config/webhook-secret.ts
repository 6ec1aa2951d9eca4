/**
 * What a Standard Webhooks signing secret looks like: `whsec_` and the base64 of at least 24 random
 * bytes (the specification's format; `openssl rand -base64 32` after the prefix makes one).
 */
export function isWebhookSecret(value: string): boolean {
  const key = value.startsWith("whsec_") ? value.slice("whsec_".length) : value;
  return /^[A-Za-z0-9+/]+={0,2}$/.test(key) && Buffer.from(key, "base64").length >= 24;
}
