import { readFile } from "node:fs/promises";
import path from "node:path";
import { GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OutboxMessage } from "@codcrm/core/mail/outbox";
import type { Subscriber } from "@codcrm/core/lead/lead";
import { keys } from "@codcrm/core/db/table-design";
import { routes } from "@codcrm/functions/routes";
import { adminSubscribers, startTestServer, type TestServer } from "./test-server.ts";

let server: TestServer;
let session: { token: string; issuedAt: number } | undefined;
let clients = 0;

beforeAll(async () => {
  // The default transport: mail is kept in the outbox, as on a newcomer's machine.
  server = await startTestServer({ env: { TRUST_CLIENT_ADDRESS_HEADER: "1" } });
});
afterAll(() => server.close());

/** Tests move the clock by days: sign in again when the last token (8 hours) may have expired. */
async function adminToken(): Promise<string> {
  if (!session || server.clock.now.getTime() - session.issuedAt > 7 * 3600_000) {
    session = { token: await server.login(), issuedAt: server.clock.now.getTime() };
  }
  return session.token;
}

function subscribe(body: Record<string, unknown>, client = `10.30.0.${++clients}`) {
  return server.api("POST", "/api/newsletter", {
    body,
    headers: { "cloudfront-viewer-address": `${client}:4000` },
  });
}

async function mailsTo(email: string): Promise<OutboxMessage[]> {
  const answer = await server.api("GET", "/api/admin/leads?section=outbox&limit=100", { token: await adminToken() });
  return (answer.body.outbox.items as OutboxMessage[]).filter((mail) => mail.to === email);
}

async function subscriber(email: string): Promise<Subscriber | undefined> {
  return (await adminSubscribers(server, await adminToken())).find((s) => s.email === email);
}

async function storedItem(email: string): Promise<Record<string, unknown> | undefined> {
  const { Item } = await (
    await server.deps.db()
  ).send(new GetCommand({ TableName: server.deps.config.TABLE_NAME, Key: keys.subscriber(email) }));
  return Item;
}

/** The confirmation link of a mail, and its token. */
function linkOf(mail: OutboxMessage): { url: URL; token: string } {
  const match = /https?:\/\/\S+\/newsletter\/confirmar\?token=\S+/.exec(mail.text);
  expect(match, mail.text).not.toBeNull();
  const url = new URL(match![0]);
  return { url, token: url.searchParams.get("token")! };
}

function confirm(confirmation: string) {
  return server.api("POST", "/api/newsletter/confirm", { body: { token: confirmation } });
}

describe("subscribing with proof", () => {
  it("stores a pending subscription with its consent and mails one link in the page's language; only the POST confirms", async () => {
    const email = "reader.one@tienda.example";
    const answer = await subscribe(
      { email: "Reader.One@Tienda.example", language: "en", page: "/en/precios" },
      "10.30.1.1",
    );
    expect(answer).toMatchObject({ status: 200, body: { status: "subscribed" } });

    const pending = await subscriber(email);
    expect(pending).toMatchObject({ state: "pending", language: "en" });
    expect(pending!.legacy).toBeUndefined();
    expect(pending!.consent).toEqual({
      at: server.clock.now.toISOString(),
      page: "/en/precios",
      language: "en",
      textVersion: "2026-11-26",
      client: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
    });
    // The address itself is never stored.
    expect(JSON.stringify(await storedItem(email))).not.toContain("10.30.1.1");
    // Gone after 30 days unless confirmed (the table's TTL attribute).
    expect((await storedItem(email))!.expiresAt).toBe(server.clock.now.getTime() / 1000 + 30 * 24 * 3600);

    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Confirm your subscription to the CodCRM newsletter");
    expect(mails[0]!.text).toContain("expires in 7 days");
    const { url, token: confirmation } = linkOf(mails[0]!);
    expect(url.pathname).toBe("/en/newsletter/confirmar");

    // What a mail scanner does: open the link. Nothing is confirmed.
    await fetch(server.url + url.pathname + url.search);
    expect((await subscriber(email))!.state).toBe("pending");

    const confirmed = await confirm(confirmation);
    expect(confirmed).toMatchObject({ status: 200, body: { status: "confirmed", language: "en" } });
    const after = await subscriber(email);
    expect(after).toMatchObject({ state: "confirmed", confirmedAt: server.clock.now.toISOString() });
    expect((await storedItem(email))!.expiresAt).toBeUndefined();

    // The link works once.
    expect(await confirm(confirmation)).toMatchObject({ status: 409, body: { error: { code: "token_used" } } });
  });

  it("mails a pending address at most once per 24 hours, and a confirmed one never, with the same answer", async () => {
    const email = "reader.two@tienda.example";
    const first = await subscribe({ email, language: "pt" });
    const again = await subscribe({ email, language: "pt" });
    expect(again).toEqual({ ...first, headers: again.headers });
    expect(await mailsTo(email)).toHaveLength(1);

    server.clock.advance(23 * 3600_000);
    await subscribe({ email, language: "pt" });
    expect(await mailsTo(email)).toHaveLength(1);

    server.clock.advance(3600_000 + 1000);
    await subscribe({ email, language: "pt" });
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(mails.every((mail) => mail.subject === "Confirme a sua subscrição da newsletter da CodCRM")).toBe(true);

    // Either link confirms (they carry the same pending nonce); then no more mail, same answer.
    expect((await confirm(linkOf(mails[1]!).token)).status).toBe(200);
    server.clock.advance(2 * 24 * 3600_000);
    const confirmedAgain = await subscribe({ email, language: "pt" });
    expect(confirmedAgain.status).toBe(first.status);
    expect(confirmedAgain.body).toEqual(first.body);
    expect(await mailsTo(email)).toHaveLength(2);
    expect((await subscriber(email))!.state).toBe("confirmed");
  });

  it("refuses an expired, a tampered and a foreign token with their own codes, never a 500", async () => {
    const email = "reader.three@tienda.example";
    await subscribe({ email, language: "es" });
    const [mail] = await mailsTo(email);
    const { token: confirmation } = linkOf(mail!);

    const parts = confirmation.split(".");
    const otherAddress = Buffer.from("someone.else@tienda.example").toString("base64url");
    for (const tampered of [
      [otherAddress, ...parts.slice(1)].join("."),
      [...parts.slice(0, 2), String(Number(parts[2]) + 3600), parts[3]].join("."),
      confirmation.slice(0, -2) + (confirmation.endsWith("AA") ? "BB" : "AA"),
      "not-a-token",
    ]) {
      expect(await confirm(tampered)).toMatchObject({ status: 400, body: { error: { code: "invalid_token" } } });
    }
    expect(await confirm("")).toMatchObject({ status: 400, body: { error: { code: "validation_failed" } } });

    server.clock.advance(7 * 24 * 3600_000 + 1000);
    expect(await confirm(confirmation)).toMatchObject({ status: 400, body: { error: { code: "expired_token" } } });
    expect((await subscriber(email))!.state).toBe("pending");
  });

  it("reads a subscription stored before confirmations as pending (never confirmed), keeps it, and confirms it on request", async () => {
    const fixture = JSON.parse(
      await readFile(path.join(import.meta.dirname, "fixtures/subscriber-before-confirmation.json"), "utf8"),
    ) as { items: Record<string, unknown>[] };
    for (const item of fixture.items)
      await (await server.deps.db()).send(new PutCommand({ TableName: server.deps.config.TABLE_NAME, Item: item }));
    const email = "lectora.antigua@tienda.example";
    expect(await subscriber(email)).toEqual({
      email,
      language: "pt",
      createdAt: "2026-11-12T08:30:00.000Z",
      leadId: "newsletter-57c4ec8df38e3dfd1e2803148b4cf92d",
      state: "pending",
      legacy: true,
    });

    await subscribe({ email, language: "pt" });
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    const renewed = await storedItem(email);
    // Asked before there were confirmations: not made to expire.
    expect(renewed!.expiresAt).toBeUndefined();
    expect((await subscriber(email))!.consent?.language).toBe("pt");

    expect((await confirm(linkOf(mails[0]!).token)).status).toBe(200);
    expect(await subscriber(email)).toMatchObject({ state: "confirmed", createdAt: "2026-11-12T08:30:00.000Z" });
    expect((await subscriber(email))!.legacy).toBeUndefined();
  });
});

/** The mail's visible unsubscribe link, and the one-click URL of its List-Unsubscribe header. */
function leaveLinksOf(mail: OutboxMessage): { page: URL; oneClick: URL } {
  const page = /https?:\/\/\S+\/newsletter\/baja\?token=\S+/.exec(mail.text);
  expect(page, mail.text).not.toBeNull();
  expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  const header = /^<(https?:\/\/[^>]+)>$/.exec(mail.headers?.["List-Unsubscribe"] ?? "");
  expect(header, mail.headers?.["List-Unsubscribe"]).not.toBeNull();
  return { page: new URL(page![0]), oneClick: new URL(header![1]!) };
}

/** What a mailbox provider sends (RFC 8058): form-encoded, from its own site, no cookie. */
function oneClick(url: URL) {
  return fetch(server.url + url.pathname + url.search, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: "https://mail.google.com",
      "sec-fetch-site": "cross-site",
    },
    body: "List-Unsubscribe=One-Click",
  });
}

describe("leaving in one click (RFC 8058)", () => {
  it("every newsletter mail carries the headers and a link to the page in its language; the one-click POST unsubscribes at once, idempotently", async () => {
    const email = "reader.four@tienda.example";
    await subscribe({ email, language: "en" });
    const [mail] = await mailsTo(email);
    expect(mail!.text).toContain("Don't want our e-mails any more? Unsubscribe here:");
    const { page, oneClick: url } = leaveLinksOf(mail!);
    expect(page.pathname).toBe("/en/newsletter/baja");
    expect(url.origin + url.pathname).toBe(`${server.deps.config.SITE_URL}/api/newsletter/unsubscribe`);
    expect((await confirm(linkOf(mail!).token)).status).toBe(200);

    // Opening the page changes nothing.
    await fetch(server.url + page.pathname + page.search);
    expect((await subscriber(email))!.state).toBe("confirmed");

    const first = await oneClick(url);
    expect(first.status).toBe(204);
    const left = await subscriber(email);
    expect(left).toMatchObject({ state: "unsubscribed", unsubscribedAt: server.clock.now.toISOString() });
    server.clock.advance(60_000);
    expect((await oneClick(url)).status).toBe(204);
    expect((await subscriber(email))!.unsubscribedAt).toBe(left!.unsubscribedAt);

    // The page's button: the same endpoint, no body.
    const again = await server.api("POST", url.pathname + url.search);
    expect(again.status).toBe(204);

    // Subscribing again starts over: pending, with a new confirmation mail.
    await subscribe({ email, language: "en" });
    expect((await subscriber(email))!.state).toBe("pending");
    expect(await mailsTo(email)).toHaveLength(2);
  });

  it("refuses a forged token and any other form body", async () => {
    const forged = `${Buffer.from("victim@tienda.example").toString("base64url")}.${"A".repeat(43)}`;
    const refused = await oneClick(new URL(`${server.url}/api/newsletter/unsubscribe?token=${forged}`));
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("invalid_token");
    const email = "reader.five@tienda.example";
    await subscribe({ email, language: "es" });
    const { oneClick: url } = leaveLinksOf((await mailsTo(email))[0]!);
    const wrongBody = await fetch(server.url + url.pathname + url.search, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=Maybe",
    });
    expect(wrongBody.status).toBe(400);
    expect((await subscriber(email))!.state).toBe("pending");
  });

  it("no other route reads a form body or takes a cross-site write", async () => {
    const writes = routes.filter((entry) => entry.method !== "GET" && !entry.oneClickUnsubscribe);
    expect(writes.length).toBeGreaterThan(10);
    for (const entry of writes) {
      const path = entry.path.replace(/\{\w+\}/g, "x");
      const form = await fetch(server.url + path, {
        method: entry.method,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
      expect(form.status, `${entry.method} ${entry.path} with a form body`).toBe(415);
      const crossSite = await fetch(server.url + path, {
        method: entry.method,
        headers: { "content-type": "application/json", origin: "https://mail.google.com" },
        body: "{}",
      });
      expect(crossSite.status, `${entry.method} ${entry.path} from another site`).toBe(403);
    }
  });
});
