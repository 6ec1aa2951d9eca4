// @ts-expect-error autocannon ships no types
import autocannon from "autocannon";

/** What the benches read of an autocannon run. */
export interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats?: Record<string, { count: number }>;
}

/** One autocannon run with these settings (`url`, `connections`, `amount` or `duration`, `requests`…). */
export function cannon(settings: Record<string, unknown>): Promise<CannonResult> {
  return new Promise((resolve, reject) => {
    autocannon(settings, (error: Error | null, result: CannonResult) => (error ? reject(error) : resolve(result)));
  });
}

/** A desktop Chrome: the page-view counters leave bots and requests without a User-Agent out. */
export const BROWSER_USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

/**
 * Page-view beacons (`POST /api/views`), each from a visitor of its own: the n-th request comes
 * from address 10.x.y.z through CloudFront's header (the server must trust it:
 * TRUST_CLIENT_ADDRESS_HEADER), with the beacon `body(n)`. Views count once per client, so
 * distinct visitors are what a count under load needs (docs/decisions/0400-first-party-page-views.md).
 */
export function beaconsFromVisitors(body: (visitor: number) => unknown): Record<string, unknown>[] {
  let visitor = 0;
  return [
    {
      method: "POST",
      setupRequest: (request: Record<string, unknown>) => {
        visitor += 1;
        return {
          ...request,
          headers: {
            "content-type": "text/plain;charset=UTF-8",
            "user-agent": BROWSER_USER_AGENT,
            "cloudfront-viewer-address": `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}:1`,
          },
          body: JSON.stringify(body(visitor)),
        };
      },
    },
  ];
}
