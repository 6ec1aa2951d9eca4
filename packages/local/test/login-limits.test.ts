import { describe, expect, it } from "vitest";
import { LOGIN_SITE_MAX_CHECKS } from "@codcrm/core/auth/login-limits";
import { hashPassword } from "@codcrm/core/auth/password.server";
import { loginFrom as login, serverPerTest, TEST_OWNER_EMAIL, TEST_PASSWORD } from "./test-server.ts";

/**
 * The login limits against the real handler and store: attempts are counted before the
 * password is checked (so parallel guesses cannot skip the count), the site has a cap of
 * its own, a browser that signed in before is exempt from limits others fill up, and scrypt
 * checks in flight are bounded, and every account has five attempts per window of its own.
 * `(await deps.passwordGate()).checks` counts the checks really made.
 */
const start = serverPerTest({ TRUST_CLIENT_ADDRESS_HEADER: "1" });

describe("login limits", () => {
  it("30 parallel wrong passwords from one client get at most 5 password checks; the rest 429", async () => {
    const server = await start();
    // Let every check run at once, so only the attempt count can stop them.
    (await server.deps.passwordGate()).maxInFlight = 100;
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => login(server, "10.7.0.1", `wrong-${i}`)));
    const statuses = results.map((r) => r.status);
    expect((await server.deps.passwordGate()).checks).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 401)).toHaveLength((await server.deps.passwordGate()).checks);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(25);
    // Locked out, even with the right password.
    expect((await login(server, "10.7.0.1", TEST_PASSWORD)).status).toBe(429);
  });

  it("caps password checks for the whole site; a browser that signed in before still can", async () => {
    // A cheap scrypt cost for this hash only: the test makes fifty checks, the limits are the same.
    const server = await start({ ADMIN_PASSWORD_HASH: await hashPassword(TEST_PASSWORD, { N: 1024, r: 8, p: 1 }) });
    // The owner signs in once from their browser (the mailed code: a new device) and gets the device cookie.
    const first = await login(server, "10.8.0.1", TEST_PASSWORD);
    expect(first.status).toBe(202);
    const setCookie = first.headers.getSetCookie().find((c) => c.startsWith("codcrm_device="))!;
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; Secure/);
    expect(setCookie).toMatch(/; SameSite=Strict/);
    expect(setCookie).toMatch(/; Path=\/api\/auth(;|$)/);
    const { device: cookie } = await server.signIn(TEST_OWNER_EMAIL, TEST_PASSWORD, { client: "10.8.0.1" });

    // Many addresses, each within its own five attempts, each at an account of its own, until
    // the site-wide cap is reached.
    let refused = 0;
    for (let client = 0; refused === 0 && client < 40; client++) {
      for (let i = 0; i < 5; i++) {
        const status = (await login(server, `10.9.${client}.1`, "guess", undefined, `guess-${client}@example.com`))
          .status;
        if (status === 429) refused += 1;
      }
    }
    expect(refused).toBeGreaterThan(0);
    expect((await server.deps.passwordGate()).checks).toBe(LOGIN_SITE_MAX_CHECKS);
    // A new client is refused even with the right password, without a check.
    expect((await login(server, "10.8.0.2", TEST_PASSWORD)).status).toBe(429);
    expect((await server.deps.passwordGate()).checks).toBe(LOGIN_SITE_MAX_CHECKS);
    // A forged device cookie is no cookie.
    const forged = cookie.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    expect((await login(server, "10.8.0.3", TEST_PASSWORD, forged)).status).toBe(429);

    // The owner's browser signs in, even from an address others locked out, and without a code.
    const again = await login(server, "10.9.0.1", TEST_PASSWORD, cookie);
    expect(again.status).toBe(200);
    const session = again.headers
      .getSetCookie()
      .find((c) => c.startsWith("codcrm_session="))!
      .split(";")[0]!;
    expect((await server.api("GET", "/api/admin/articles", { token: session })).status).toBe(200);
  });

  it("a device cookie has its own small limit", async () => {
    const server = await start();
    const { device: cookie } = await server.signIn(TEST_OWNER_EMAIL, TEST_PASSWORD, { client: "10.10.0.1" });
    for (let i = 0; i < 5; i++) expect((await login(server, `10.10.1.${i}`, "wrong", cookie)).status).toBe(401);
    const locked = await login(server, "10.10.2.1", TEST_PASSWORD, cookie);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBe(15 * 60);
    // Other clients are not affected by that device's failures (a new one is asked for a code).
    expect((await login(server, "10.10.3.1", TEST_PASSWORD)).status).toBe(202);
  });

  it("an account has its own five attempts, from any address; its person's browser still signs in", async () => {
    const server = await start();
    const { device } = await server.signIn(TEST_OWNER_EMAIL, TEST_PASSWORD, { client: "10.12.0.1" });
    // Five wrong passwords at the owner's address, each from another address: each address
    // has attempts left, the account has none.
    for (let i = 0; i < 5; i++) expect((await login(server, `10.12.1.${i}`, "wrong")).status).toBe(401);
    const checks = (await server.deps.passwordGate()).checks;
    const locked = await login(server, "10.12.2.1", TEST_PASSWORD);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBe(15 * 60);
    expect((await server.deps.passwordGate()).checks).toBe(checks);
    // Other accounts are not affected; the owner's own browser is not either.
    expect((await login(server, "10.12.2.2", "x", undefined, "other@example.com")).status).toBe(401);
    expect((await login(server, "10.12.2.3", TEST_PASSWORD, device)).status).toBe(200);
  });

  it("bounds the password checks in flight: the rest get 429 at once with Retry-After", async () => {
    const server = await start();
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login(server, `10.11.0.${i}`, "wrong", undefined, `flood-${i}@example.com`)),
    );
    const busy = results.filter((r) => r.status === 429);
    expect(busy.length).toBeGreaterThan(0);
    for (const result of busy) {
      expect(result.headers.get("retry-after")).toBe("1");
      expect(result.body.error.code).toBe("too_many_requests");
    }
    expect(results.filter((r) => r.status === 401)).toHaveLength((await server.deps.passwordGate()).checks);
    expect(results.every((r) => r.status === 401 || r.status === 429)).toBe(true);
  });
});
