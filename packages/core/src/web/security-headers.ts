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
}

export function contentSecurityPolicy({ scriptHashes = [], connectSources = [] }: SecurityHeaderOptions = {}): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(" ")}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
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
    "cross-origin-opener-policy": "same-origin",
    "permissions-policy": "camera=(), microphone=(), geolocation=()",
  };
}
