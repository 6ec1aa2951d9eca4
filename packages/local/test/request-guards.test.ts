import http from "node:http";
import net from "node:net";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "@codcrm/core/auth/password";
import { startLocalServer } from "../src/server.ts";
import { BROWSER_USER_AGENT, signedInServer, startTestServer, TEST_PASSWORD, type TestServer } from "./test-server.ts";

let server: TestServer;
let token: string;
beforeAll(
  async () =>
    ({ server, token } = await signedInServer({
      env: { TRUST_CLIENT_ADDRESS_HEADER: "1", SITE_URL: "https://www.codcrm.com" },
    })),
);
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
      const view = await send("POST", "/api/articles/x/views", headers);
      expect(view.status).toBe(403);
      const remove = await send("DELETE", "/api/admin/articles/x", { ...headers, authorization: `Bearer ${token}` });
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

describe("sign-out and tokens", () => {
  it("POST /api/auth/logout revokes the token at once, for every copy of it; other sessions go on", async () => {
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

  it("a password change invalidates the tokens issued before it", async () => {
    const env = { JWT_SECRET: "j".repeat(40), ADMIN_PASSWORD_HASH: await hashPassword(TEST_PASSWORD) };
    const before = await startTestServer({ env });
    let issued: string;
    try {
      issued = await before.login();
    } finally {
      await before.close();
    }
    const samePassword = await startTestServer({ env });
    try {
      expect((await samePassword.api("GET", "/api/admin/articles", { token: issued })).status).toBe(200);
    } finally {
      await samePassword.close();
    }
    const changed = await startTestServer({ env: { ...env, ADMIN_PASSWORD_HASH: await hashPassword("new-password") } });
    try {
      expect((await changed.api("GET", "/api/admin/articles", { token: issued })).status).toBe(401);
    } finally {
      await changed.close();
    }
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

describe("views", () => {
  async function publishedArticle(title: string) {
    const created = await server.api("POST", "/api/admin/articles", {
      token,
      body: { title, content: "Texto.", published: true },
    });
    return created.body.article as { id: string };
  }
  const view = (id: string, client: string, userAgent = BROWSER_USER_AGENT) =>
    server.api("POST", `/api/articles/${id}/views`, {
      headers: { "cloudfront-viewer-address": `${client}:1`, "user-agent": userAgent },
    });

  it("count once per client per article per 30 minutes", async () => {
    const { id } = await publishedArticle("Vistas por cliente");
    const other = await publishedArticle("Otra vista por cliente");
    for (let i = 0; i < 20; i++) expect((await view(id, "10.30.0.1")).body.viewCount).toBe(51);
    expect((await view(other.id, "10.30.0.1")).body.viewCount).toBe(51);
    expect((await view(id, "10.30.0.2")).body.viewCount).toBe(52);
    server.clock.advance(29 * 60_000);
    expect((await view(id, "10.30.0.1")).body.viewCount).toBe(52);
    server.clock.advance(60_000);
    expect((await view(id, "10.30.0.1")).body.viewCount).toBe(53);
  });

  it("known bots are not counted", async () => {
    const { id } = await publishedArticle("Vistas de robots");
    for (const agent of ["Googlebot/2.1 (+http://www.google.com/bot.html)", "curl/8.5.0", "python-requests/2.31"]) {
      const result = await view(id, "10.31.0.1", agent);
      expect(result.status).toBe(200);
      expect(result.body.viewCount, agent).toBe(50);
    }
    expect((await view(id, "10.31.0.1")).body.viewCount).toBe(51);
  });

  it("the window is a setting", async () => {
    const short = await startTestServer({ env: { TRUST_CLIENT_ADDRESS_HEADER: "1", VIEW_WINDOW_MINUTES: "5" } });
    try {
      const created = await short.api("POST", "/api/admin/articles", {
        token: await short.login(),
        body: { title: "Ventana corta", content: "Texto.", published: true },
      });
      const id = created.body.article.id as string;
      const once = () => short.api("POST", `/api/articles/${id}/views`);
      expect((await once()).body.viewCount).toBe(51);
      short.clock.advance(4 * 60_000);
      expect((await once()).body.viewCount).toBe(51);
      short.clock.advance(60_000);
      expect((await once()).body.viewCount).toBe(52);
    } finally {
      await short.close();
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
