import { isAdminPath } from "../site/languages.ts";

/**
 * Response headers every page and API answer carries, in production (the CloudFront
 * response headers policy in stacks/Web.ts) and locally (packages/local): one definition.
 */
export const HSTS_MAX_AGE_SECONDS = 2 * 365 * 24 * 60 * 60;

export interface SecurityHeaderOptions {
  /** `'sha256-…'` sources for the inline scripts the build emits. */
  scriptHashes?: readonly string[];
  /** Other origins the page may call: on AWS, the media bucket the editor posts images to. */
  connectSources?: readonly string[];
  /**
   * Other origins pages load images from (`IMAGE_ORIGINS`): only these, never any https host
   * (docs/decisions/0206-images-from-listed-origins.md).
   */
  imageSources?: readonly string[];
}

export function contentSecurityPolicy({
  scriptHashes = [],
  connectSources = [],
  imageSources = [],
}: SecurityHeaderOptions = {}): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(" ")}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: ${imageSources.join(" ")}`.trim(),
    "font-src 'self'",
    `connect-src 'self' ${connectSources.join(" ")}`.trim(),
    "frame-src https://www.youtube-nocookie.com",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "upgrade-insecure-requests",
  ].join("; ");
}

export function securityHeaders(options: SecurityHeaderOptions = {}): Record<string, string> {
  return {
    "content-security-policy": contentSecurityPolicy(options),
    "strict-transport-security": `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains; preload`,
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "strict-origin-when-cross-origin",
    "permissions-policy": "camera=(), microphone=(), geolocation=()",
  };
}

/**
 * What the pages that act for a signed-in person or show readers' data add: the admin and the
 * local outbox. `Cross-Origin-Opener-Policy: same-origin` cuts the window handle between such a
 * page and a cross-origin page that opened it or that it opens, so that page cannot navigate it,
 * count its frames or watch it load. On a public page it protects nothing and costs a phone a long
 * task at the navigation's commit (docs/decisions/0199-opener-isolation-on-the-admin-only.md).
 */
export const OPENER_ISOLATION_HEADERS: Readonly<Record<string, string>> = {
  "cross-origin-opener-policy": "same-origin",
};

/** The paths whose documents get `OPENER_ISOLATION_HEADERS`: the admin, and the local server's outbox pages. */
export function isOpenerIsolatedPath(pathname: string): boolean {
  return isAdminPath(pathname) || pathname === "/_outbox" || pathname.startsWith("/_outbox/");
}

/** The security headers of an answer to `pathname`: every answer's, and the isolation of the pages that need it. */
export function securityHeadersFor(pathname: string, options: SecurityHeaderOptions = {}): Record<string, string> {
  const headers = securityHeaders(options);
  return isOpenerIsolatedPath(pathname) ? { ...headers, ...OPENER_ISOLATION_HEADERS } : headers;
}
