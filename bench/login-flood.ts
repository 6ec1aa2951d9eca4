import { fileURLToPath } from "node:url";
import { LOGIN_ATTEMPTS_IN_FLIGHT, LOGIN_SITE_MAX_CHECKS } from "@codcrm/core/auth/login-limits";
import { startBenchServer } from "./bench-server.ts";
import { slowdown, type Section } from "./budget.ts";
import { cannon } from "./cannon.ts";

const PAGE = "/es/";
const FLOOD_CONNECTIONS = 200;
/** The page may be at most this many times slower during the flood than without it, in the same run. */
const MAX_SLOWDOWN = 3;
/**
 * Store round trips the flood may cost: per attempt until the site's checks are used up, plus
 * those already under way then, two counter updates (the address, the site) and, for those let
 * on to the password check, the account's counter and the look-up of its address; after that, a
 * locked site is refused from memory (docs/decisions/0322-sign-in-and-its-limits.md,
 * docs/decisions/0422-passkeys-and-mailed-codes.md). And once, the first owner of a new store
 * (its owner item read, its address and slug claimed, the person written and read, the owner
 * item claimed: six).
 */
const MAX_STORE_CALLS = 4 * (LOGIN_SITE_MAX_CHECKS + LOGIN_ATTEMPTS_IN_FLIGHT) + 6;

/**
 * A static page's latency while 200 connections send wrong passwords without pause, each
 * request from another address (as a botnet would), against the same page's latency without
 * them in the same run: the file server must not queue behind login work, and a locked site
 * must cost no store round trip (docs/decisions/0322-sign-in-and-its-limits.md).
 */
export async function measureLoginFlood(): Promise<Section> {
  const server = await startBenchServer({ TRUST_CLIENT_ADDRESS_HEADER: "1" });
  try {
    // Every command the server sends to the store from here on.
    let storeCalls = 0;
    (await server.deps.db()).middlewareStack.add(
      (next) => (args) => {
        storeCalls += 1;
        return next(args);
      },
      { step: "initialize", name: "benchStoreCalls" },
    );
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
    const passwordGate = await server.deps.passwordGate();
    const checksBefore = passwordGate.checks;
    const storeCallsBefore = storeCalls;
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
    const floodStoreCalls = storeCalls - storeCallsBefore;
    const floodChecks = passwordGate.checks - checksBefore;
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
          name: `GET ${PAGE} p99 during the flood ÷ p99 without it`,
          value: slowdown(during.latency.p99, quiet.latency.p99),
          unit: "×",
          budget: { limit: MAX_SLOWDOWN, kind: "max" },
        },
        { name: `GET ${PAGE} p99 during the flood`, value: during.latency.p99, unit: "ms" },
        { name: `GET ${PAGE} p99 without it`, value: quiet.latency.p99, unit: "ms" },
        { name: "login attempts answered", value: logins.requests.total, unit: "requests" },
        {
          name: "password checks made by the flood",
          value: floodChecks,
          unit: "checks",
          budget: { limit: LOGIN_SITE_MAX_CHECKS, kind: "max" },
        },
        {
          name: "store round trips made by the flood",
          value: floodStoreCalls,
          unit: "calls",
          budget: { limit: MAX_STORE_CALLS, kind: "max" },
        },
        {
          name: "attempts refused from memory (client or site locked)",
          value: (await server.deps.loginLocks()).refused,
          unit: "requests",
        },
        {
          name: `attempts refused while ${LOGIN_ATTEMPTS_IN_FLIGHT} were in progress (not counted)`,
          value: (await server.deps.loginGate()).refused,
          unit: "requests",
        },
      ],
      details: [
        `During the flood: ${during.requests.average.toFixed(0)} page req/s, p50 ${during.latency.p50} ms, max ${during.latency.max} ms; without it: ${quiet.requests.average.toFixed(0)} req/s, p50 ${quiet.latency.p50} ms.`,
        `Login answers by status: ${codes || "none"} (errors: ${logins.errors}); ${server.loginLane.waited} attempts took their turn in the login lane.`,
      ],
    };
  } finally {
    await server.close();
  }
}
