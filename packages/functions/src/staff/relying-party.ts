import type { ApiRequest } from "../http/api.ts";

/**
 * The WebAuthn relying party a request speaks to (docs/decisions/0422-passkeys-and-mailed-codes.md):
 * the site's origin (SITE_URL), or, as the cross-site check accepts it, the origin the request
 * itself came from when its host is the one it was sent to (the local server under another name
 * or port). The passkey is bound to that origin's host name (its RP ID).
 */
export function relyingParty(request: Pick<ApiRequest, "headers">, siteUrl: string): { origin: string; rpID: string } {
  const site = new URL(siteUrl);
  const given = request.headers.origin;
  if (given) {
    try {
      const url = new URL(given);
      if (url.origin !== site.origin && url.host.toLowerCase() === request.headers.host?.toLowerCase()) {
        return { origin: url.origin, rpID: url.hostname };
      }
    } catch {
      // "null" or garbage: the site's own
    }
  }
  return { origin: site.origin, rpID: site.hostname };
}
