import { describe, expect, it } from "vitest";
import { LOGIN_ATTEMPTS_IN_FLIGHT } from "@codcrm/core/auth/login-limits";
import { loginFrom as login, serverPerTest, TEST_OWNER_EMAIL, TEST_PASSWORD } from "./test-server.ts";

/**
 * The bound on login attempts in progress (docs/decisions/0322-sign-in-and-its-limits.md),
 * against the real handler and store: past it, an attempt without a device cookie is refused
 * before it is counted, and a browser with one is never held back by it.
 */
const start = serverPerTest({ TRUST_CLIENT_ADDRESS_HEADER: "1" });

describe("login attempts in progress", () => {
  it(`lets ${LOGIN_ATTEMPTS_IN_FLIGHT} in at once; the rest get 429 at once and are not counted`, async () => {
    const server = await start();
    const gate = await server.deps.loginGate();
    expect(gate.maxInFlight).toBe(LOGIN_ATTEMPTS_IN_FLIGHT);
    const attempts = 40;
    const results = await Promise.all(
      Array.from({ length: attempts }, (_, i) =>
        login(server, `10.30.0.${i}`, "x", undefined, `gate-${i}@example.com`),
      ),
    );
    const refused = results.filter((r) => r.status === 429 && r.headers.get("retry-after") === "1");
    expect(gate.refused).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThanOrEqual(gate.refused);
    expect(results.every((r) => r.status === 401 || r.status === 429)).toBe(true);
    // Only the attempts let in were counted against the site.
    const site = await (await server.deps.loginChecks()).get("site", server.clock.now);
    expect(site?.count).toBe(attempts - gate.refused);
  });

  it("never holds back a browser with a device cookie", async () => {
    const server = await start();
    const { device: cookie } = await server.signIn(TEST_OWNER_EMAIL, TEST_PASSWORD, { client: "10.31.0.1" });
    // As full as a flood would keep it.
    const gate = await server.deps.loginGate();
    gate.maxInFlight = 0;
    expect((await login(server, "10.31.0.2", TEST_PASSWORD)).status).toBe(429);
    expect((await login(server, "10.31.0.3", TEST_PASSWORD, cookie)).status).toBe(200);
  });
});
