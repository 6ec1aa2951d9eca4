import { fileURLToPath } from "node:url";
// @ts-expect-error autocannon ships no types
import autocannon from "autocannon";
import { startBenchServer } from "./bench-server.ts";
import type { Section } from "./budget.ts";

interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats?: Record<string, { count: number }>;
}

function cannon(settings: Record<string, unknown>): Promise<CannonResult> {
  return new Promise((resolve, reject) => {
    autocannon(settings, (error: Error | null, result: CannonResult) => (error ? reject(error) : resolve(result)));
  });
}

const PAGE = "/es/";
const FLOOD_CONNECTIONS = 200;

/**
 * A static page's latency while 200 connections send wrong passwords without pause, each
 * request from another address (as a botnet would): scrypt must not take the thread pool the
 * file server needs (docs/decisions/0040-login-limits-and-view-counting.md).
 */
export async function measureLoginFlood(): Promise<Section> {
  const server = await startBenchServer({ TRUST_CLIENT_ADDRESS_HEADER: "1" });
  try {
    // The load comes from other threads, as it would from other machines: a load generator on
    // the server's own thread would take the time the server is measured on.
    const page = {
      url: server.url + PAGE,
      connections: 10,
      duration: 4,
      workers: 1,
      headers: { "accept-encoding": "identity" },
    };
    const quiet = await cannon(page);
    const flood = cannon({
      url: `${server.url}/api/auth/login`,
      connections: FLOOD_CONNECTIONS,
      duration: 6,
      workers: 1,
      requests: [
        { method: "POST", setupRequest: fileURLToPath(new URL("./login-flood-request.cjs", import.meta.url)) },
      ],
    });
    // Measure once the flood is running.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const during = await cannon(page);
    const logins = await flood;
    // No answer at all is the worst result, not a p99 of 0.
    if (!during.requests.total || during.non2xx || during.errors || during.timeouts) {
      throw new Error(
        `static page during the flood: ${during.requests.total} answered, ${during.non2xx} non-2xx, ${during.errors} errors, ${during.timeouts} timeouts`,
      );
    }
    const codes = Object.entries(logins.statusCodeStats ?? {})
      .map(([code, { count }]) => `${code}: ${count}`)
      .join(", ");
    return {
      title: `Static page during a login flood (local server, ${FLOOD_CONNECTIONS} connections of wrong passwords)`,
      measures: [
        {
          name: `GET ${PAGE} p99 during the flood`,
          value: during.latency.p99,
          unit: "ms",
          budget: { limit: 200, kind: "max" },
        },
        { name: `GET ${PAGE} p99 without it`, value: quiet.latency.p99, unit: "ms" },
        { name: "login attempts answered", value: logins.requests.total, unit: "requests" },
        { name: "password checks made", value: (await server.deps.passwordGate()).checks, unit: "checks" },
        {
          name: "attempts refused while 8 were in progress (not counted)",
          value: (await server.deps.loginGate()).refused,
          unit: "requests",
        },
      ],
      details: [
        `During the flood: ${during.requests.average.toFixed(0)} page req/s, p50 ${during.latency.p50} ms, max ${during.latency.max} ms; without it: ${quiet.requests.average.toFixed(0)} req/s, p50 ${quiet.latency.p50} ms.`,
        `Login answers by status: ${codes || "none"} (errors: ${logins.errors}).`,
      ],
    };
  } finally {
    await server.close();
  }
}
