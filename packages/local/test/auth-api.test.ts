import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { keys } from "@codcrm/core/db/table-design";
import { secretHash } from "@codcrm/core/auth/session.server";
import {
  loginFrom,
  mailedCode,
  setCookies,
  startTestServer,
  TEST_OWNER_EMAIL,
  TEST_PASSWORD,
  type TestServer,
} from "./test-server.ts";

/**
 * Signing in and what a session is, against the real handlers and store, and the attack
 * surface tried again: forged, replayed and expired cookies, cross-site requests, reused and
 * guessed codes, reused invitations (docs/decisions/0421-cookie-sessions-and-csrf.md,
 * docs/decisions/0422-passkeys-and-mailed-codes.md).
 */
let server: TestServer;

beforeAll(async () => {
  // Lets one machine act as several clients, as several visitors behind CloudFront would be.
  server = await startTestServer({ env: { TRUST_CLIENT_ADDRESS_HEADER: "1" } });
});
afterAll(() => server.close());

let strangers = 0;
/** Each test acts as its own client: throttling is per client address (and per account: wrong tries go to no account). */
const loginAs = (client: string, password: string, cookie?: string) =>
  loginFrom(
    server,
    client,
    password,
    cookie,
    password === TEST_PASSWORD ? TEST_OWNER_EMAIL : `nobody-${++strangers}@example.com`,
  );

const session = (headers: Headers) => `codcrm_session=${setCookies(headers).codcrm_session}`;
const device = (headers: Headers) => `codcrm_device=${setCookies(headers).codcrm_device}`;

describe("password sign-in", () => {
  it("asks a new device for the mailed code, then opens an HttpOnly, SameSite=Strict session; that device is known after", async () => {
    const asked = await loginAs("10.0.0.1", TEST_PASSWORD);
    expect(asked.status).toBe(202);
    expect(asked.body).toMatchObject({ verification: "code", email: "l***@codcrm.test" });
    expect(setCookies(asked.headers).codcrm_session).toBeUndefined();
    const browser = device(asked.headers);
    const code = await mailedCode(server, asked.body.challenge);
    const mail = (await (await server.deps.outbox()).list({ limit: 50 })).items.find((m) => m.text.includes(code))!;
    expect(mail.to).toBe(TEST_OWNER_EMAIL);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const refused = await server.api("POST", "/api/auth/code", {
      body: { challenge: asked.body.challenge, code: wrong },
      headers: { cookie: browser },
    });
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe("invalid_code");
    const signedIn = await server.api("POST", "/api/auth/code", {
      body: { challenge: asked.body.challenge, code },
      headers: { cookie: browser },
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.person).toMatchObject({
      id: "owner",
      email: TEST_OWNER_EMAIL,
      name: "Laura",
      role: "owner",
      language: "es",
    });
    expect(JSON.stringify(signedIn.body)).not.toMatch(/scrypt|passwordHash/);
    const cookie = signedIn.headers.getSetCookie().find((line) => line.startsWith("codcrm_session="))!;
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).toMatch(/; Path=\/api(;|$)/);
    // Plain HTTP locally (SITE_URL http://localhost:3000): Secure only where the site is on HTTPS.
    expect(cookie).not.toMatch(/; Secure/);
    expect((await server.api("GET", "/api/auth/session", { token: session(signedIn.headers) })).body.person.role).toBe(
      "owner",
    );
    // The same browser again: no code.
    expect((await loginAs("10.0.0.1", TEST_PASSWORD, browser)).status).toBe(200);
  });

  it("marks the session cookie Secure when the site is on HTTPS", async () => {
    const secure = await startTestServer({ env: { SITE_URL: "https://www.codcrm.com" } });
    try {
      const { cookie } = await secure.signIn(TEST_OWNER_EMAIL, TEST_PASSWORD);
      expect(cookie).toMatch(/^codcrm_session=/);
      const again = await secure.api("POST", "/api/auth/login", {
        body: { email: TEST_OWNER_EMAIL, password: TEST_PASSWORD },
        headers: { cookie },
      });
      expect(again.headers.getSetCookie().find((line) => line.startsWith("codcrm_session="))).toMatch(/; Secure/);
    } finally {
      await secure.close();
    }
  });

  it("answers 401 for a wrong password or an address of no account alike, and 400 naming a missing field", async () => {
    const wrong = await loginFrom(server, "10.0.0.2", "nope");
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe("invalid_password");
    const nobody = await loginFrom(server, "10.0.0.2", TEST_PASSWORD, undefined, "nobody@example.com");
    expect(nobody.status).toBe(401);
    expect(nobody.body.error).toEqual(wrong.body.error);
    const missing = await loginFrom(server, "10.0.0.2", "");
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields[0]).toMatchObject({ field: "password", code: "required" });
    const noAddress = await server.api("POST", "/api/auth/login", {
      body: { password: "x" },
      headers: { "cloudfront-viewer-address": "10.0.0.2:1" },
    });
    expect(noAddress.body.error.fields[0]).toMatchObject({ field: "email" });
    const long = await loginFrom(server, "10.0.0.2", "x".repeat(257));
    expect(long.body.error.fields[0]).toMatchObject({ field: "password", code: "too_long" });
  });

  it("locks a client out after five failures until the window ends, even with the right password", async () => {
    const client = "10.0.0.3";
    for (let i = 0; i < 5; i++) expect((await loginAs(client, `wrong-${i}`)).status).toBe(401);
    const sixth = await loginAs(client, TEST_PASSWORD);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get("retry-after"))).toBe(15 * 60);
    // Another client is not affected.
    expect((await loginAs("10.0.0.4", TEST_PASSWORD)).status).toBe(202);
    server.clock.advance(10 * 60_000);
    const later = await loginAs(client, TEST_PASSWORD);
    expect(later.status).toBe(429);
    expect(Number(later.headers.get("retry-after"))).toBe(5 * 60);
    server.clock.advance(5 * 60_000);
    expect((await loginAs(client, TEST_PASSWORD)).status).toBe(202);
  });
});

describe("sessions", () => {
  it("refuses forged, malformed, replayed and expired session cookies", async () => {
    const forged = await server.api("GET", "/api/admin/articles", { token: `codcrm_session=${"A".repeat(43)}` });
    expect([forged.status, forged.body.error.code]).toEqual([401, "invalid_token"]);
    for (const cookie of ["codcrm_session=x", `codcrm_session=${"A".repeat(44)}`, "codcrm_session=a.b.c", "other=1"]) {
      const malformed = await server.api("GET", "/api/admin/articles", { token: cookie });
      expect([malformed.status, malformed.body.error.code], cookie).toEqual([401, "missing_token"]);
    }
    const { cookie } = await server.signIn(TEST_OWNER_EMAIL, TEST_PASSWORD);
    expect((await server.api("GET", "/api/admin/articles", { token: cookie })).status).toBe(200);
    // The store keeps the cookie's hash: the cookie itself is nowhere in it.
    const secret = /codcrm_session=([\w-]{43})/.exec(cookie)![1]!;
    const { Item } = await (
      await server.deps.db()
    ).send(new GetCommand({ TableName: server.deps.config.TABLE_NAME, Key: keys.session(secretHash(secret)) }));
    expect(Item?.staffId).toBe("owner");
    expect(JSON.stringify(Item)).not.toContain(secret);
    const out = await server.api("POST", "/api/auth/logout", { token: cookie });
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie()[0]).toMatch(/^codcrm_session=; Max-Age=0/);
    const replayed = await server.api("GET", "/api/admin/articles", { token: cookie });
    expect([replayed.status, replayed.body.error.code]).toEqual([401, "invalid_token"]);

    const later = await server.signIn(TEST_OWNER_EMAIL, TEST_PASSWORD);
    server.clock.advance(12 * 3600_000 - 1000);
    expect((await server.api("GET", "/api/admin/articles", { token: later.cookie })).status).toBe(200);
    server.clock.advance(2000);
    const expired = await server.api("GET", "/api/admin/articles", { token: later.cookie });
    expect([expired.status, expired.body.error.code]).toEqual([401, "invalid_token"]);
  });

  it("a state-changing request by cookie needs the CSRF header; a cross-site form post is refused and changes nothing", async () => {
    const { cookie } = await server.signIn(TEST_OWNER_EMAIL, TEST_PASSWORD);
    const body = JSON.stringify({ title: "Desde otro sitio", content: "x" });
    const withoutHeader = await fetch(`${server.url}/api/admin/articles`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body,
    });
    expect(withoutHeader.status).toBe(403);
    expect(((await withoutHeader.json()) as { error: { code: string } }).error.code).toBe("csrf");
    const form = await fetch(`${server.url}/api/admin/articles`, {
      method: "POST",
      headers: {
        cookie,
        "content-type": "application/x-www-form-urlencoded",
        origin: "https://evil.example",
        "sec-fetch-site": "cross-site",
      },
      body: "title=Desde+otro+sitio&content=x",
    });
    expect(form.status).toBe(403);
    expect(((await form.json()) as { error: { code: string } }).error.code).toBe("cross_site");
    const list = await server.api("GET", "/api/admin/articles?q=otro", { token: cookie });
    expect(list.body.articles).toHaveLength(0);
  });

  it("a person lists their sessions and ends them; a password change ends every other one", async () => {
    const first = await server.signIn(TEST_OWNER_EMAIL, TEST_PASSWORD);
    const second = await server.signIn(TEST_OWNER_EMAIL, TEST_PASSWORD, { device: first.device });
    const listed = await server.api("GET", "/api/admin/me/sessions", { token: first.cookie });
    expect(listed.body.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(listed.body.sessions.length).toBeGreaterThanOrEqual(2);
    const changed = await server.api("PUT", "/api/admin/me/password", {
      token: first.cookie,
      body: { currentPassword: "wrong", password: "another-long-password" },
    });
    expect(changed.status).toBe(400);
    expect(changed.body.error.fields[0]).toMatchObject({ field: "currentPassword", code: "wrong_password" });
    const done = await server.api("PUT", "/api/admin/me/password", {
      token: first.cookie,
      body: { currentPassword: TEST_PASSWORD, password: "another-long-password" },
    });
    expect(done.status).toBe(200);
    expect(done.body.endedSessions).toBeGreaterThanOrEqual(1);
    expect((await server.api("GET", "/api/auth/session", { token: second.cookie })).body.person).toBeNull();
    expect((await server.api("GET", "/api/auth/session", { token: first.cookie })).body.person.id).toBe("owner");
    // The old password no longer opens anything; the new one does.
    expect((await loginFrom(server, "10.0.9.1", TEST_PASSWORD, first.device)).status).toBe(401);
    expect((await loginFrom(server, "10.0.9.1", "another-long-password", first.device)).status).toBe(200);
    await server.api("PUT", "/api/admin/me/password", {
      token: first.cookie,
      body: { currentPassword: "another-long-password", password: TEST_PASSWORD },
    });
  });
});

describe("personal API keys", () => {
  it("are shown once, kept as a hash, work as a Bearer token with their person's role, and stop when revoked", async () => {
    const { cookie } = await server.signIn(TEST_OWNER_EMAIL, TEST_PASSWORD);
    const created = await server.api("POST", "/api/admin/me/api-keys", {
      token: cookie,
      body: { name: "Reenvío de leads" },
    });
    expect(created.status).toBe(201);
    const { key } = created.body;
    expect(key).toMatch(/^codcrm_[\w-]{43}$/);
    const listed = await server.api("GET", "/api/admin/me/api-keys", { token: cookie });
    expect(JSON.stringify(listed.body)).not.toContain(key);
    expect(listed.body.apiKeys[0]).toMatchObject({ name: "Reenvío de leads", prefix: key.slice(0, 11) });
    // A script: no cookie, no CSRF header, a state-changing call.
    const viaKey = await fetch(`${server.url}/api/admin/articles`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ title: "Desde un script", content: "x" }),
    });
    expect(viaKey.status).toBe(201);
    const forged = await server.api("GET", "/api/admin/articles", { token: `codcrm_${"A".repeat(43)}` });
    expect([forged.status, forged.body.error.code]).toEqual([401, "invalid_token"]);
    expect(
      (await server.api("DELETE", `/api/admin/me/api-keys/${created.body.apiKey.id}`, { token: cookie })).status,
    ).toBe(204);
    expect((await server.api("GET", "/api/admin/articles", { token: key })).status).toBe(401);
  });
});

describe("mailed codes", () => {
  async function codeSignIn(client: string) {
    const asked = await loginAs(client, TEST_PASSWORD);
    expect(asked.status).toBe(202);
    return {
      challenge: asked.body.challenge as string,
      cookie: device(asked.headers),
      code: await mailedCode(server, asked.body.challenge),
    };
  }
  const send = (challenge: string, code: string, cookie?: string) =>
    server.api("POST", "/api/auth/code", { body: { challenge, code }, headers: cookie ? { cookie } : {} });

  it("work once, for five minutes, from the browser that asked, with five tries", async () => {
    const used = await codeSignIn("10.0.1.1");
    expect((await send(used.challenge, used.code)).status).toBe(401); // no device cookie
    expect((await send(used.challenge, used.code, `codcrm_device=${"A".repeat(22)}.${"B".repeat(43)}`)).status).toBe(
      401,
    );
    expect((await send(used.challenge, used.code, used.cookie)).status).toBe(200);
    expect((await send(used.challenge, used.code, used.cookie)).status).toBe(401); // reused

    const late = await codeSignIn("10.0.1.2");
    server.clock.advance(5 * 60_000 + 1000);
    expect((await send(late.challenge, late.code, late.cookie)).status).toBe(401);

    const guessed = await codeSignIn("10.0.1.3");
    const wrong = String((Number(guessed.code) + 7) % 1_000_000).padStart(6, "0");
    for (let i = 0; i < 5; i++) expect((await send(guessed.challenge, wrong, guessed.cookie)).status).toBe(401);
    const sixth = await send(guessed.challenge, guessed.code, guessed.cookie);
    expect([sixth.status, sixth.body.error.code]).toEqual([401, "code_expired"]);
  });

  it("are sent again at most twice per sign-in, 30 seconds apart; the earlier code stops working", async () => {
    server.clock.advance(15 * 60_000); // a new window of codes mailed to the owner
    const asked = await codeSignIn("10.0.1.4");
    const resend = () => server.api("POST", "/api/auth/code/resend", { body: { challenge: asked.challenge } });
    expect((await resend()).status).toBe(429);
    server.clock.advance(31_000);
    expect((await resend()).status).toBe(202);
    const second = await mailedCode(server, asked.challenge);
    server.clock.advance(31_000);
    expect((await resend()).status).toBe(202);
    server.clock.advance(31_000);
    expect((await resend()).status).toBe(429);
    const third = await mailedCode(server, asked.challenge);
    if (second !== third) expect((await send(asked.challenge, second, asked.cookie)).status).toBe(401);
    expect((await send(asked.challenge, third, asked.cookie)).status).toBe(200);
  });
});

describe("client address", () => {
  it("is set by the server, not taken from the request, unless explicitly trusted", async () => {
    const untrusting = await startTestServer();
    try {
      for (let i = 0; i < 5; i++) {
        await untrusting.api("POST", "/api/auth/login", {
          body: { email: `a${i}@example.com`, password: "wrong" },
          headers: { "cloudfront-viewer-address": `10.9.9.${i}:1` },
        });
      }
      // Five different forged addresses still count as the one real client.
      const result = await untrusting.api("POST", "/api/auth/login", {
        body: { email: "b@example.com", password: "wrong" },
        headers: { "cloudfront-viewer-address": "10.9.9.99:1" },
      });
      expect(result.status).toBe(429);
    } finally {
      await untrusting.close();
    }
  });
});

describe("invitations", () => {
  async function invite(email: string) {
    const { cookie } = await server.signIn(TEST_OWNER_EMAIL, TEST_PASSWORD);
    const invited = await server.api("POST", "/api/admin/staff/invitations", {
      token: cookie,
      body: { email, role: "author" },
    });
    expect(invited.status).toBe(201);
    const mail = (await (await server.deps.outbox()).get(`invitation-${invited.body.invitation.id}`))!;
    expect(mail.to).toBe(email);
    return { token: /#([\w-]{43})/.exec(mail.text)![1]!, cookie, id: invited.body.invitation.id as string };
  }
  const accept = (token: string, name = "Nueva") =>
    server.api("POST", "/api/auth/invitation/accept", { body: { token, name, password: "a-long-password" } });

  it("work once, even two at the same moment, for seven days, until withdrawn", async () => {
    const once = await invite("una-vez@codcrm.test");
    const [first, second] = await Promise.all([accept(once.token), accept(once.token)]);
    expect([first.status, second.status].sort()).toEqual([201, 404]);
    expect((await accept(once.token)).status).toBe(404);
    expect((await server.api("POST", "/api/auth/invitation", { body: { token: once.token } })).status).toBe(404);

    const late = await invite("tarde@codcrm.test");
    server.clock.advance(7 * 86_400_000 + 1000);
    expect((await accept(late.token)).status).toBe(404);

    const withdrawn = await invite("retirada@codcrm.test");
    expect(
      (await server.api("DELETE", `/api/admin/staff/invitations/${withdrawn.id}`, { token: withdrawn.cookie })).status,
    ).toBe(204);
    expect((await accept(withdrawn.token)).status).toBe(404);
    const forged = await accept("A".repeat(43));
    expect(forged.status).toBe(404);
    // An address with an account is not invited twice.
    const again = await server.api("POST", "/api/admin/staff/invitations", {
      token: withdrawn.cookie,
      body: { email: "una-vez@codcrm.test", role: "editor" },
    });
    expect([again.status, again.body.error.fields[0].code]).toEqual([400, "email_taken"]);
  });

  it("a suspended person's sessions and keys stop at once; removed, their articles keep their author", async () => {
    const { token, cookie } = await invite("suspendida@codcrm.test");
    const accepted = await accept(token, "Suspendida");
    const theirs = accepted.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const key = (await server.api("POST", "/api/admin/me/api-keys", { token: theirs, body: { name: "k" } })).body.key;
    const article = await server.api("POST", "/api/admin/articles", {
      token: key,
      body: { title: "Escrito antes de irse", content: "x", published: true },
    });
    expect(article.status).toBe(201);
    const id = accepted.body.person.id;
    expect(
      (await server.api("PUT", `/api/admin/staff/${id}`, { token: cookie, body: { state: "suspended" } })).status,
    ).toBe(200);
    expect((await server.api("GET", "/api/admin/articles", { token: theirs })).status).toBe(401);
    expect((await server.api("GET", "/api/admin/articles", { token: key })).status).toBe(401);
    const login = await loginFrom(server, "10.0.7.1", "a-long-password", undefined, "suspendida@codcrm.test");
    expect([login.status, login.body.error.code]).toEqual([403, "account_suspended"]);
    expect((await server.api("DELETE", `/api/admin/staff/${id}`, { token: cookie })).status).toBe(200);
    const read = await server.api("GET", `/api/articles/${article.body.article.slug}`);
    expect(read.body.article).toMatchObject({ author: "Suspendida", authorPage: { name: "Suspendida" } });
    // Nobody changes the owner or themselves through these routes.
    expect(
      (await server.api("PUT", "/api/admin/staff/owner", { token: cookie, body: { role: "editor" } })).status,
    ).toBe(403);
  });
});
