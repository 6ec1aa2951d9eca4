import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OutboxMessage } from "@codcrm/core/mail/outbox";
import type { AdminSubscribersResponse } from "@codcrm/core/lead/subscriber-overview";
import { startTestServer, type TestServer } from "./test-server.ts";
import { newsletterOf } from "@codcrm/functions/lead/newsletter-service";

let server: TestServer;
let token: string;
let clients = 0;

beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_CLIENT_ADDRESS_HEADER: "1" } });
  token = await server.login();
});
afterAll(() => server.close());

async function subscribe(email: string, language: string, confirm: boolean): Promise<void> {
  const answer = await server.api("POST", "/api/newsletter", {
    body: { email, language, page: `/${language}/` },
    headers: { "cloudfront-viewer-address": `10.33.0.${++clients}:4000` },
  });
  expect(answer.status).toBe(200);
  if (!confirm) return;
  const outbox = await server.api("GET", "/api/admin/leads?section=outbox&limit=200", { token });
  const mail = (outbox.body.outbox.items as OutboxMessage[]).find((item) => item.to === email)!;
  const link = /\/newsletter\/confirmar\?token=(\S+)/.exec(mail.text)!;
  expect(
    (await server.api("POST", "/api/newsletter/confirm", { body: { token: decodeURIComponent(link[1]!) } })).status,
  ).toBe(200);
}

describe("the subscribers view", () => {
  beforeAll(async () => {
    await subscribe("uno@tienda.example", "es", true);
    await subscribe("dos@tienda.example", "es", false);
    await subscribe("one@shop.example", "en", true);
    await subscribe("o'neil+news@shop.example", "en", true);
    await subscribe("bounced@shop.example", "en", true);
    await (await newsletterOf(server.deps)).suppress("bounced@shop.example", "bounce", server.clock.now);
    await subscribe("um@loja.example", "pt", false);
  });

  it("counts every subscription per language and state and lists those the filters keep", async () => {
    const all = await server.api<AdminSubscribersResponse>("GET", "/api/admin/subscribers", { token });
    expect(all.status).toBe(200);
    expect(all.body.counts).toEqual({
      es: { pending: 1, confirmed: 1, unsubscribed: 0, suppressed: 0 },
      en: { pending: 0, confirmed: 2, unsubscribed: 0, suppressed: 1 },
      pt: { pending: 1, confirmed: 0, unsubscribed: 0, suppressed: 0 },
    });
    expect(all.body.subscribers).toHaveLength(6);

    const english = await server.api<AdminSubscribersResponse>(
      "GET",
      "/api/admin/subscribers?language=en&state=confirmed",
      { token },
    );
    expect(english.body.subscribers.map((s) => s.email).sort()).toEqual([
      "o'neil+news@shop.example",
      "one@shop.example",
    ]);
    // The counts stay whole whatever the filter.
    expect(english.body.counts).toEqual(all.body.counts);
  });

  it("exports the confirmed ones as CSV with their consent date and language", async () => {
    const response = await fetch(`${server.url}/api/admin/subscribers/export?language=en`, {
      headers: { cookie: token },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="subscribers-en-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (await response.text()).split("\r\n");
    expect(lines[0]).toBe("email,language,consent_at,confirmed_at,consent_text_version");
    const at = server.clock.now.toISOString();
    expect(lines.slice(1, -1).sort()).toEqual(
      [`o'neil+news@shop.example,en,${at},${at},2026-11-26`, `one@shop.example,en,${at},${at},2026-11-26`].sort(),
    );
    expect(lines.at(-1)).toBe("");

    const everyone = await (
      await fetch(`${server.url}/api/admin/subscribers/export`, { headers: { cookie: token } })
    ).text();
    expect(everyone).toContain("uno@tienda.example,es,");
    expect(everyone).not.toContain("dos@tienda.example");
    expect(everyone).not.toContain("bounced@shop.example");
  });

  it("is for the administrator alone, and names a bad filter", async () => {
    expect((await server.api("GET", "/api/admin/subscribers")).status).toBe(401);
    expect((await fetch(`${server.url}/api/admin/subscribers/export`)).status).toBe(401);
    const bad = await server.api("GET", "/api/admin/subscribers?state=gone&language=fr", { token });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.map((f: { field: string }) => f.field).sort()).toEqual(["language", "state"]);
  });
});
