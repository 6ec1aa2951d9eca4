import http from "node:http";
import net from "node:net";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalServer } from "../src/server.ts";
import { AS_DEPLOYED, BROWSER_USER_AGENT, signedInServer, TEST_PASSWORD, type TestServer } from "./test-server.ts";

let server: TestServer;
let token: string;
beforeAll(async () => ({ server, token } = await signedInServer(AS_DEPLOYED)));
afterAll(() => server.close());

const lead = { kind: "contact", name: "Ana", email: "ana@example.com", message: "Hola" };

/** A raw request, so the test decides every header (fetch would add a content type). */
function send(method: string, target: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>((resolve, reject) => {
    const request = http.request(`${server.url}${target}`, { method, headers }, (response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => (text += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
    });
    request.on("error", reject);
    request.end(body);
  });
}

describe("bodies must be JSON", () => {
  it("a body without application/json is refused with 415, whatever the route", async () => {
    const body = JSON.stringify({ password: "x" });
    for (const contentType of [
      undefined,
      "text/plain",
      "text/plain;charset=UTF-8",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/jsonp",
      "text/plain; x=application/json",
    ]) {
      for (const target of ["/api/auth/login", "/api/contact", "/api/newsletter"]) {
        const result = await send("POST", target, contentType ? { "content-type": contentType } : {}, body);
        expect(result.status, `${target} ${contentType}`).toBe(415);
        expect(JSON.parse(result.text).error.code).toBe("unsupported_media_type");
      }
    }
  });

  it("a beacon's route alone also reads the text/plain a beacon's string is sent as", async () => {
    const view = JSON.stringify({ p: "/es" });
    const headers = { "user-agent": BROWSER_USER_AGENT };
    for (const target of ["/api/views", "/api/vitals"]) {
      for (const contentType of ["text/plain;charset=UTF-8", "application/json"]) {
        const result = await send("POST", target, { ...headers, "content-type": contentType }, view);
        expect(result.status, `${target} ${contentType}`).toBe(204);
      }
      const form = await send(
        "POST",
        target,
        { ...headers, "content-type": "application/x-www-form-urlencoded" },
        view,
      );
      expect(form.status, target).toBe(415);
    }
  });

  it("application/json is accepted in any case and with parameters", async () => {
    for (const [i, contentType] of [
      "application/json",
      "Application/JSON; charset=UTF-8",
      " application/json ;x=y",
    ].entries()) {
      const result = await send(
        "POST",
        "/api/contact",
        { "content-type": contentType, "cloudfront-viewer-address": `10.20.0.${i}:1` },
        JSON.stringify(lead),
      );
      expect(result.status, contentType).toBe(201);
    }
  });
});

describe("cross-site requests", () => {
  const json = { "content-type": "application/json" };

  it("a state-changing request the browser marks cross-site is refused with 403", async () => {
    const refused: Record<string, string>[] = [
      { "sec-fetch-site": "cross-site" },
      { origin: "https://evil.example" },
      { origin: "null" },
      { origin: "http://www.codcrm.com" },
      { origin: "https://www.codcrm.com.evil.example" },
    ];
    for (const headers of refused) {
      const login = await send("POST", "/api/auth/login", { ...json, ...headers }, JSON.stringify({ password: "x" }));
      expect(login.status, JSON.stringify(headers)).toBe(403);
      expect(JSON.parse(login.text).error.code).toBe("cross_site");
      const contact = await send("POST", "/api/contact", { ...json, ...headers }, JSON.stringify(lead));
      expect(contact.status).toBe(403);
      // A beacon is text, and still only from this site's own pages.
      const view = await send(
        "POST",
        "/api/views",
        { "content-type": "text/plain;charset=UTF-8", "user-agent": BROWSER_USER_AGENT, ...headers },
        JSON.stringify({ p: "/es" }),
      );
      expect(view.status).toBe(403);
      const remove = await send("DELETE", "/api/admin/articles/x", { ...headers, cookie: token, "x-codcrm-csrf": "1" });
      expect(remove.status).toBe(403);
    }
    // Reading is not changing: a cross-site GET is answered.
    expect((await send("GET", "/api/articles", { "sec-fetch-site": "cross-site" })).status).toBe(200);
  });

  it("the site's own origin, and the address the request was sent to, pass", async () => {
    const own: Record<string, string>[] = [
      { origin: "https://www.codcrm.com", "sec-fetch-site": "same-origin" },
      { origin: server.url, "sec-fetch-site": "same-origin" },
      { "sec-fetch-site": "none" },
      {},
    ];
    for (const [i, headers] of own.entries()) {
      const result = await send(
        "POST",
        "/api/contact",
        { ...json, ...headers, "cloudfront-viewer-address": `10.21.0.${i}:1` },
        JSON.stringify(lead),
      );
      expect(result.status, JSON.stringify(headers)).toBe(201);
    }
  });
});

describe("sign-out", () => {
  it("POST /api/auth/logout ends the session at once, for every copy of its cookie; other sessions go on", async () => {
    const mine = await server.login();
    const other = await server.login();
    expect((await server.api("GET", "/api/admin/articles", { token: mine })).status).toBe(200);
    const out = await server.api("POST", "/api/auth/logout", { token: mine });
    expect(out.status).toBe(204);
    const after = await server.api("GET", "/api/admin/articles", { token: mine });
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe("invalid_token");
    expect((await server.api("POST", "/api/auth/logout", { token: mine })).status).toBe(401);
    expect((await server.api("GET", "/api/admin/articles", { token: other })).status).toBe(200);
    expect((await server.api("POST", "/api/auth/logout")).status).toBe(401);
  });

  it("a JWT_SECRET given in the environment is never written to disk", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "codcrm-secrets-"));
    try {
      const secret = "environment-secret-".padEnd(48, "x");
      // An earlier version copied it into secrets.json: that copy goes too.
      writeFileSync(path.join(dataDir, "secrets.json"), JSON.stringify({ jwtSecret: secret }));
      const local = await startLocalServer({
        port: 0,
        dataDir,
        seed: false,
        retryDeliveriesOnStart: false,
        env: { JWT_SECRET: secret, ADMIN_PASSWORD: TEST_PASSWORD },
      });
      await local.close();
      const written = readFileSync(path.join(dataDir, "secrets.json"), "utf8");
      expect(written).not.toContain(secret);
      expect(JSON.parse(written).adminPasswordHash).toMatch(/^scrypt\$/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("malformed request targets", () => {
  /** Writes the request line as given: no client library would send these. */
  function rawGet(target: string) {
    return new Promise<string>((resolve, reject) => {
      const socket = net.connect(server.port, "127.0.0.1", () =>
        socket.write(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`),
      );
      let text = "";
      socket.on("data", (chunk: Buffer) => (text += chunk.toString()));
      socket.on("end", () => resolve(text));
      socket.on("error", reject);
    });
  }

  /** Writes the request as given, byte for byte. */
  function rawRequest(request: string) {
    return new Promise<string>((resolve, reject) => {
      const socket = net.connect(server.port, "127.0.0.1", () => socket.write(request));
      let text = "";
      socket.on("data", (chunk: Buffer) => (text += chunk.toString("latin1")));
      socket.on("end", () => resolve(text));
      socket.on("error", reject);
    });
  }

  async function expectSecurityHeaders(response: string, what: string) {
    const page = await fetch(`${server.url}/api/health`);
    const head = response.split("\r\n\r\n")[0]!.toLowerCase();
    for (const name of [
      "content-security-policy",
      "strict-transport-security",
      "x-content-type-options",
      "x-frame-options",
      "referrer-policy",
      "permissions-policy",
    ]) {
      expect(head, `${what} ${name}`).toContain(`${name}: ${page.headers.get(name)!.toLowerCase()}`);
    }
  }

  it("a percent-escape that does not decode is a 400 on every route, never a 500", async () => {
    for (const target of [
      "/media/%",
      "/media/%zz/original.jpg",
      "/media/0123456789abcdef0123456789abcdef/%E0%A4%A.jpg",
      "/media/upload%",
      "/%",
      "/es/%C0",
      "/es/blog/%",
      "/es/blog/rss.xml%",
      "/sitemap.xml%",
      "/api/articles/%",
      "/api/admin/articles/%E0%A4%A",
      "/assets/%ff%",
    ]) {
      const response = await rawGet(target);
      expect(response.split("\r\n")[0], target).toBe("HTTP/1.1 400 Bad Request");
      await expectSecurityHeaders(response, target);
    }
  });

  it("what Node's HTTP parser refuses (NUL, folded header, bare line feed) is a 400 with the security headers", async () => {
    for (const [what, request] of [
      ["NUL in the path", "GET /es/\0blog HTTP/1.1\r\nHost: localhost\r\n\r\n"],
      ["folded header", "GET /es/ HTTP/1.1\r\nHost: localhost\r\nX-Folded: a\r\n b\r\n\r\n"],
      ["bare line feeds", "GET /es/ HTTP/1.1\nHost: localhost\n\n"],
      ["NUL in a header", "GET /es/ HTTP/1.1\r\nHost: localhost\r\nX-A: a\0b\r\n\r\n"],
    ] as const) {
      const response = await rawRequest(request);
      expect(response.split("\r\n")[0], what).toBe("HTTP/1.1 400 Bad Request");
      expect(response.toLowerCase(), what).toContain("cache-control: no-store");
      await expectSecurityHeaders(response, what);
    }
  });

  it("answer 400 with the security headers of every page, never 500", async () => {
    const page = await fetch(`${server.url}/api/health`);
    for (const target of ["//[/x", "http://%/", "//[::1/api/health"]) {
      const response = await rawGet(target);
      expect(response.split("\r\n")[0], target).toBe("HTTP/1.1 400 Bad Request");
      const head = response.toLowerCase();
      for (const name of [
        "content-security-policy",
        "strict-transport-security",
        "x-content-type-options",
        "x-frame-options",
      ]) {
        expect(head, `${target} ${name}`).toContain(`${name}: ${page.headers.get(name)!.toLowerCase()}`);
      }
    }
  });
});
