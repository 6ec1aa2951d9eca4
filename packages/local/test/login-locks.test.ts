import { rm } from "node:fs/promises";
import { APP_SHELL_FILE } from "@codcrm/core/site/app-shell";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOGIN_SITE_MAX_CHECKS } from "@codcrm/core/auth/login-limits";
import { hashPassword } from "@codcrm/core/auth/password.server";
import {
  loginFrom,
  serverPerTest,
  TEST_OWNER_EMAIL,
  TEST_PASSWORD,
  writeWebRoot,
  type TestServer,
} from "./test-server.ts";

/**
 * A login at the owner's address with the right password, or at an address of no account
 * (each wrong attempt its own, so that only the client's and the site's limits are at play).
 */
let strangers = 0;
function login(server: TestServer, client: string, password: string, cookie?: string) {
  strangers += 1;
  return loginFrom(
    server,
    client,
    password,
    cookie,
    password === TEST_PASSWORD ? TEST_OWNER_EMAIL : `nobody-${strangers}@example.com`,
  );
}

/**
 * A locked client, device or site is refused from memory: no store round trip, no password
 * check (docs/decisions/0322-sign-in-and-its-limits.md). Store calls are counted on the real
 * DynamoDB client the handlers use.
 */
const start = serverPerTest({ TRUST_CLIENT_ADDRESS_HEADER: "1" });

/** Counts every command the server sends to the store from now on. */
async function countStoreCalls(server: TestServer): Promise<{ readonly count: number }> {
  const counted = { count: 0 };
  (await server.deps.db()).middlewareStack.add(
    (next) => (args) => {
      counted.count += 1;
      return next(args);
    },
    { step: "initialize", name: "countStoreCalls" },
  );
  return counted;
}

describe("login locks in memory", () => {
  it("a locked client is refused with 429 and costs no store round trip nor password check", async () => {
    const server = await start();
    for (let i = 0; i < 5; i++) expect((await login(server, "10.40.0.1", `wrong-${i}`)).status).toBe(401);
    const checks = (await server.deps.passwordGate()).checks;
    const calls = await countStoreCalls(server);
    for (let i = 0; i < 20; i++) {
      const refused = await login(server, "10.40.0.1", i === 19 ? TEST_PASSWORD : "wrong");
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBe(String(15 * 60));
      expect(refused.body.error.code).toBe("too_many_requests");
    }
    expect(calls.count).toBe(0);
    expect((await server.deps.passwordGate()).checks).toBe(checks);
    expect((await server.deps.loginLocks()).refused).toBe(20);
    // Other clients go on as before (through the store; a new device is asked for a code).
    expect((await login(server, "10.40.0.2", TEST_PASSWORD)).status).toBe(202);
    expect(calls.count).toBeGreaterThan(0);
    // The window ends: the store decides again, and the client may try again.
    server.clock.advance(15 * 60_000);
    expect((await login(server, "10.40.0.1", TEST_PASSWORD)).status).toBe(202);
  });

  it("a wrong password from an address never seen costs one store round trip per counter and the account's look-up, and a window that closed two", async () => {
    const server = await start();
    // The site's window is open from here on.
    expect((await login(server, "10.42.0.1", "wrong")).status).toBe(401);
    const calls = await countStoreCalls(server);
    // A flood from many addresses: each attempt is an address's first, counted where none was:
    // the client's, the site's and the account's counters, and the look-up of the account.
    for (let i = 2; i < 6; i++) expect((await login(server, `10.42.0.${i}`, "wrong")).status).toBe(401);
    expect(calls.count).toBe(4 * 4);
    // Once the windows have closed, the next attempt replaces each (a refused update, then a put).
    server.clock.advance(15 * 60_000);
    const before = calls.count;
    expect((await login(server, "10.42.0.2", "wrong")).status).toBe(401);
    expect(calls.count - before).toBe(2 * 2 + 2);
    // Counted anew: four more wrong attempts lock that client, the fifth is refused.
    for (let i = 0; i < 4; i++) expect((await login(server, "10.42.0.2", "wrong")).status).toBe(401);
    expect((await login(server, "10.42.0.2", "wrong")).status).toBe(429);
  });

  it("a locked site is refused without a store round trip; a browser that signed in before still signs in", async () => {
    const server = await start({ ADMIN_PASSWORD_HASH: await hashPassword(TEST_PASSWORD, { N: 1024, r: 8, p: 1 }) });
    const { device: cookie } = await server.signIn(TEST_OWNER_EMAIL, TEST_PASSWORD, { client: "10.41.0.1" });
    for (let i = 0; i < LOGIN_SITE_MAX_CHECKS - 1; i++) {
      expect((await login(server, `10.42.${i}.1`, "guess")).status).toBe(401);
    }
    const calls = await countStoreCalls(server);
    for (let i = 0; i < 30; i++) {
      const refused = await login(server, `10.43.${i}.1`, TEST_PASSWORD);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(60);
    }
    expect(calls.count).toBe(0);
    expect((await server.deps.passwordGate()).checks).toBe(LOGIN_SITE_MAX_CHECKS);
    // The device cookie's own attempts are counted in the store, and it signs in.
    const again = await login(server, "10.43.0.1", TEST_PASSWORD, cookie);
    expect(again.status).toBe(200);
    expect(calls.count).toBeGreaterThan(0);
  });

  it("a success clears its client's lock as it clears its attempts", async () => {
    const server = await start();
    for (let i = 0; i < 4; i++) expect((await login(server, "10.44.0.1", "wrong")).status).toBe(401);
    // The fifth attempt uses the last one: were it wrong, the client would be locked.
    expect((await login(server, "10.44.0.1", TEST_PASSWORD)).status).toBe(202);
    for (let i = 0; i < 4; i++) expect((await login(server, "10.44.0.1", "wrong")).status).toBe(401);
  });
});

describe("the login lane", () => {
  let webRoot: string;
  beforeAll(async () => {
    webRoot = await writeWebRoot({ [APP_SHELL_FILE]: "<!DOCTYPE html><html><body>shell</body></html>" });
  });
  afterAll(() => rm(webRoot, { recursive: true, force: true }));

  /**
   * A keep-alive connection the server has taken (one request answered on it already), as a
   * flood's are; `send` then writes a whole login request at once and resolves with its status.
   */
  function connectedLogin(port: number, client: string): Promise<{ send: () => Promise<number> }> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.on("error", reject);
      let text = "";
      let onAnswer = (_status: number) => resolve({ send });
      socket.on("data", (chunk: Buffer) => {
        text += chunk.toString();
        // Answers are chunked: the last chunk ends one.
        if (text.endsWith("\r\n0\r\n\r\n")) {
          const status = Number(text.split(" ")[1]);
          text = "";
          onAnswer(status);
        }
      });
      socket.write("GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n");
      const send = () =>
        new Promise<number>((answered) => {
          onAnswer = (status) => {
            answered(status);
            socket.destroy();
          };
          const body = JSON.stringify({ email: `${client}@example.com`, password: "wrong" });
          socket.write(
            `POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
              `CloudFront-Viewer-Address: ${client}:5000\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
          );
        });
    });
  }

  it("answers files while a flood of logins waits its turn, and answers every login in the end", async () => {
    const server = await start({}, webRoot);
    const clients = await Promise.all(
      Array.from({ length: 300 }, (_, i) => connectedLogin(server.port, `10.45.${i >> 8}.${i & 255}`)),
    );
    // All 300 arrive at once, as a flood's would.
    const flood = clients.map((client) => client.send());
    while (server.loginLane.size < 100) await new Promise((resolve) => setImmediate(resolve));
    const page = await fetch(`${server.url}/${APP_SHELL_FILE}`);
    expect(page.status).toBe(200);
    // The page did not wait for the logins ahead of it.
    expect(server.loginLane.size).toBeGreaterThan(0);
    const statuses = await Promise.all(flood);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    expect(server.loginLane.waited).toBe(300);
    expect(server.loginLane.size).toBe(0);
  });

  it("lets a browser with a device cookie past the lane", async () => {
    const server = await start();
    const { device: cookie } = await server.signIn(TEST_OWNER_EMAIL, TEST_PASSWORD, { client: "10.46.0.1" });
    const waitedBefore = server.loginLane.waited;
    expect((await login(server, "10.46.0.2", TEST_PASSWORD, cookie)).status).toBe(200);
    expect(server.loginLane.waited).toBe(waitedBefore);
  });
});
