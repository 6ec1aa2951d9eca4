import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginFrom, startTestServer, TEST_PASSWORD, type TestServer } from "./test-server.ts";

let server: TestServer;

beforeAll(async () => {
  // Lets one machine act as several clients, as several visitors behind CloudFront would be.
  server = await startTestServer({ env: { TRUST_CLIENT_ADDRESS_HEADER: "1" } });
});
afterAll(() => server.close());

/** Each test acts as its own client: throttling is per client address. */
const loginAs = (client: string, password: string) => loginFrom(server, client, password);

describe("login", () => {
  it("returns a signed token, its expiry and the admin name", async () => {
    const result = await loginAs("10.0.0.1", TEST_PASSWORD);
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      name: "Laura",
      expiresAt: new Date(server.clock.now.getTime() + 8 * 3600_000).toISOString(),
    });
    expect(result.body.token.split(".")).toHaveLength(3);
    expect((await server.api("GET", "/api/admin/articles", { token: result.body.token })).status).toBe(200);
  });

  it("answers 401 invalid_password for a wrong password and 400 for a missing one", async () => {
    const wrong = await loginAs("10.0.0.2", "nope");
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe("invalid_password");
    const missing = await loginAs("10.0.0.2", "");
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields[0]).toMatchObject({ field: "password", code: "required" });
    const long = await loginAs("10.0.0.2", "x".repeat(257));
    expect(long.status).toBe(400);
    expect(long.body.error.fields[0]).toMatchObject({ field: "password", code: "too_long" });
  });

  it("locks a client out after five failures until the window ends, even with the right password", async () => {
    const client = "10.0.0.3";
    for (let i = 0; i < 5; i++) expect((await loginAs(client, `wrong-${i}`)).status).toBe(401);
    const sixth = await loginAs(client, TEST_PASSWORD);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get("retry-after"))).toBe(15 * 60);
    // Another client is not affected.
    expect((await loginAs("10.0.0.4", TEST_PASSWORD)).status).toBe(200);
    server.clock.advance(10 * 60_000);
    const later = await loginAs(client, TEST_PASSWORD);
    expect(later.status).toBe(429);
    expect(Number(later.headers.get("retry-after"))).toBe(5 * 60);
    server.clock.advance(5 * 60_000);
    expect((await loginAs(client, TEST_PASSWORD)).status).toBe(200);
  });

  it("a success clears earlier failures", async () => {
    const client = "10.0.0.5";
    for (let i = 0; i < 4; i++) await loginAs(client, "wrong");
    expect((await loginAs(client, TEST_PASSWORD)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await loginAs(client, "wrong")).status).toBe(401);
    expect((await loginAs(client, TEST_PASSWORD)).status).toBe(200);
  });

  it("an expired token is refused with 401", async () => {
    const { body } = await loginAs("10.0.0.6", TEST_PASSWORD);
    expect((await server.api("GET", "/api/admin/articles", { token: body.token })).status).toBe(200);
    server.clock.advance(8 * 3600_000 + 1000);
    const expired = await server.api("GET", "/api/admin/articles", { token: body.token });
    expect(expired.status).toBe(401);
    expect(expired.body.error.code).toBe("invalid_token");
  });
});

describe("client address", () => {
  it("is set by the server, not taken from the request, unless explicitly trusted", async () => {
    const untrusting = await startTestServer();
    try {
      for (let i = 0; i < 5; i++) {
        await untrusting.api("POST", "/api/auth/login", {
          body: { password: "wrong" },
          headers: { "cloudfront-viewer-address": `10.9.9.${i}:1` },
        });
      }
      // Five different forged addresses still count as the one real client.
      const result = await untrusting.api("POST", "/api/auth/login", {
        body: { password: "wrong" },
        headers: { "cloudfront-viewer-address": "10.9.9.99:1" },
      });
      expect(result.status).toBe(429);
    } finally {
      await untrusting.close();
    }
  });
});
