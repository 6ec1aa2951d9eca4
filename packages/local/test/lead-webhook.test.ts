import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import type { AdminLead, AdminLeadsResponse, WebhookRetryResponse } from "@codcrm/core/lead/lead-api";
import { postWebhook, signedWebhookRequest, webhookId } from "@codcrm/core/lead/lead-webhook";
import { deliverDueWebhooks, webhookJob } from "@codcrm/functions/jobs/deliver-webhooks";
import { runMailJob } from "@codcrm/functions/jobs/mail-job";
import { startTestServer, type TestServer } from "./test-server.ts";

/**
 * Leads delivered to the CRM by a Standard Webhooks signed post (docs/decisions/0405-lead-webhook.md),
 * to a real HTTP receiver on a local port that verifies every request with the specification's
 * own library, as a CRM would, and keeps each lead once by its `webhook-id`.
 */
const SECRET = `whsec_${Buffer.from("0123456789abcdef0123456789abcdef").toString("base64")}`;

interface Received {
  id: string;
  body: Record<string, unknown>;
  verified: boolean;
  status: number;
}

/** The CRM's stand-in: answers `failures` 500s in a row, then 200; keeps each lead once by its webhook id. */
class Receiver {
  server!: Server;
  requests: Received[] = [];
  kept = new Map<string, Record<string, unknown>>();
  failures = 0;
  url = "";

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      let text = "";
      request.on("data", (chunk: Buffer) => (text += chunk.toString()));
      request.on("end", () => {
        const headers = Object.fromEntries(
          Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
        );
        let verified = false;
        try {
          new Webhook(SECRET).verify(text, headers);
          verified = true;
        } catch (error) {
          if (!(error instanceof WebhookVerificationError)) throw error;
        }
        const status = !verified ? 401 : this.failures > 0 ? 500 : 200;
        if (verified && this.failures > 0) this.failures--;
        const id = headers["webhook-id"] ?? "";
        this.requests.push({ id, body: JSON.parse(text) as Record<string, unknown>, verified, status });
        if (status === 200 && !this.kept.has(id)) this.kept.set(id, JSON.parse(text) as Record<string, unknown>);
        response.writeHead(status, { "content-type": "application/json" }).end("{}");
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks/leads`;
  }

  of(leadId: string): Received[] {
    return this.requests.filter((request) => request.id === webhookId(leadId));
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const receiver = new Receiver();
let server: TestServer;
let token: string;
let signedAt = 0;
/** The administrator's token, signed in again once the moved clock has outlived it. */
async function admin(): Promise<string> {
  if (server.clock.now.getTime() - signedAt > 3600_000) {
    token = await server.login();
    signedAt = server.clock.now.getTime();
  }
  return token;
}
let client = 0;

beforeAll(async () => {
  await receiver.start();
  server = await startTestServer({
    env: { TRUST_CLIENT_ADDRESS_HEADER: "1", LEAD_WEBHOOK_URL: receiver.url, LEAD_WEBHOOK_SECRET: SECRET },
  });
  await admin();
});
afterAll(async () => {
  await server.close();
  await receiver.close();
});

/** A trial request from a client of its own, with what brought it; answers the stored lead's id. */
async function trial(email: string): Promise<string> {
  client++;
  const posted = await server.api("POST", "/api/contact", {
    body: {
      kind: "trial",
      name: "Marta",
      email,
      message: "Quiero probarlo.",
      company: "Tienda Marta",
      phone: "+34 600 000 000",
      privacyAccepted: true,
      source: {
        entryPage: "/es/blog/guia",
        referrer: "news.example",
        utm: { source: "newsletter", campaign: "otoño" },
      },
    },
    headers: { "cloudfront-viewer-address": `10.70.0.${client}:1` },
  });
  expect(posted.status).toBe(201);
  return (await listed()).find((lead) => lead.email === email)!.id;
}

async function listed(): Promise<AdminLead[]> {
  const answer = await server.api<AdminLeadsResponse>("GET", "/api/admin/leads?section=leads&limit=200", {
    token: await admin(),
  });
  expect(answer.body.webhook).toBe(true);
  return answer.body.leads!.items;
}

/** The lead's delivery once the post the server began at once is recorded. */
async function firstAttempt(leadId: string) {
  const deliveries = await server.deps.leadWebhooks();
  await expect.poll(async () => (await deliveries.get(leadId))?.attempts.length ?? 0).toBe(1);
  return (await deliveries.get(leadId))!;
}

describe("a lead posted to the CRM", () => {
  it("is signed per Standard Webhooks: the library verifies it, with the lead's id as the idempotency id", async () => {
    receiver.failures = 0;
    const id = await trial("firmado@tienda.example");
    expect((await firstAttempt(id)).state).toBe("delivered");
    const [request] = receiver.of(id);
    expect(request).toMatchObject({ id: `lead_${id}`, verified: true, status: 200 });
    expect(request!.body).toMatchObject({
      type: "lead.created",
      data: {
        id,
        kind: "trial",
        email: "firmado@tienda.example",
        company: "Tienda Marta",
        source: {
          entryPage: "/es/blog/guia",
          referrer: "news.example",
          utm: { source: "newsletter", campaign: "otoño" },
        },
      },
    });
    // A post signed with another secret is refused by the same check.
    const other = `whsec_${Buffer.from("another secret of thirty-two bytes").toString("base64")}`;
    const headers = { "webhook-id": "x", "webhook-timestamp": String(Math.floor(Date.now() / 1000)) };
    const forged = new Webhook(other).sign("x", new Date(), "{}");
    expect(() => new Webhook(SECRET).verify("{}", { ...headers, "webhook-signature": forged })).toThrow(
      WebhookVerificationError,
    );
  });

  it("survives a receiver that fails three times, then accepts: each lead arrives once, every attempt kept", async () => {
    receiver.failures = 3;
    const id = await trial("tres-fallos@tienda.example");
    const first = await firstAttempt(id);
    expect(first).toMatchObject({ state: "failed", attempts: [{ status: 500, error: "http_500" }] });
    // The job's waits: 1, 5 and 15 minutes; nothing is due before them.
    for (const wait of [60_000, 5 * 60_000, 15 * 60_000]) {
      expect((await deliverDueWebhooks(server.deps)).due).toBe(0);
      server.clock.advance(wait);
      const run = await deliverDueWebhooks(server.deps);
      expect(run.due).toBe(1);
    }
    const delivery = (await (await server.deps.leadWebhooks()).get(id))!;
    expect(delivery.state).toBe("delivered");
    expect(delivery.attempts.map((attempt) => attempt.status)).toEqual([500, 500, 500, 200]);
    // Later runs post nothing more.
    server.clock.advance(24 * 3600_000);
    expect(await deliverDueWebhooks(server.deps)).toMatchObject({ due: 0, delivered: 0 });
    const requests = receiver.of(id);
    expect(requests.map((request) => request.status)).toEqual([500, 500, 500, 200]);
    expect(requests.every((request) => request.verified && request.id === `lead_${id}`)).toBe(true);
    expect([...receiver.kept.keys()].filter((key) => key === `lead_${id}`)).toHaveLength(1);
    // The admin's list shows each attempt on the lead, and its source.
    const shown = (await listed()).find((lead) => lead.id === id)!;
    expect(shown.webhook?.attempts).toHaveLength(4);
    expect(shown.source?.utm?.campaign).toBe("otoño");
  });

  it("is retried for 24 hours, then waits, still owed, for an administrator's 'send again'", async () => {
    receiver.failures = 1000;
    const id = await trial("sin-crm@tienda.example");
    await firstAttempt(id);
    let runs = 0;
    for (let hour = 0; hour < 26; hour++) {
      server.clock.advance(3600_000);
      runs += (await deliverDueWebhooks(server.deps)).due;
    }
    const deliveries = await server.deps.leadWebhooks();
    const given = (await deliveries.get(id))!;
    expect(given.state).toBe("given-up");
    expect(given.nextAttemptAt).toBeUndefined();
    // 1, 5, 15, 30 min, 1, 2, 4 h, then every 8 h up to the 24th hour: within 24 hours of the lead.
    expect(runs).toBeGreaterThanOrEqual(7);
    expect(given.attempts.length).toBe(runs + 1);
    expect(Date.parse(given.attempts.at(-1)!.at) - Date.parse(given.attempts[0]!.at)).toBeLessThanOrEqual(
      24 * 3600_000,
    );
    // Still owed: the channel's report counts it as the oldest lead the CRM lacks.
    expect(await deliveries.oldestUndelivered()).toBeDefined();
    expect((await deliverDueWebhooks(server.deps)).due).toBe(0);

    receiver.failures = 0;
    const again = await server.api<WebhookRetryResponse>("POST", `/api/admin/leads/${id}/webhook`, {
      token: await admin(),
    });
    expect(again.status).toBe(200);
    expect(again.body.delivered).toBe(true);
    expect(again.body.webhook.attempts.at(-1)).toMatchObject({ status: 200, manual: true });
    const twice = await server.api("POST", `/api/admin/leads/${id}/webhook`, { token: await admin() });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe("already_delivered");
    expect(receiver.kept.has(`lead_${id}`)).toBe(true);
  });

  it("of a lead stored before the webhook was set gets its delivery from 'send again'", async () => {
    const plain = await startTestServer({ env: { TRUST_CLIENT_ADDRESS_HEADER: "1" } });
    let id: string;
    try {
      const posted = await plain.api("POST", "/api/contact", {
        body: { kind: "contact", name: "Luis", email: "antes@tienda.example", message: "Hola." },
      });
      expect(posted.status).toBe(201);
      const answer = await plain.api<AdminLeadsResponse>("GET", "/api/admin/leads", { token: await plain.login() });
      expect(answer.body.webhook).toBe(false);
      id = answer.body.leads!.items[0]!.id;
      expect(answer.body.leads!.items[0]!.webhook).toBeUndefined();
      const refused = await plain.api("POST", `/api/admin/leads/${id}/webhook`, { token: await plain.login() });
      expect(refused.body.error.code).toBe("webhook_not_configured");
      // The same lead, as that store holds it, in this server's store.
      const lead = (await (await plain.deps.leads()).get(id))!;
      expect(await (await server.deps.leads()).create(lead)).toBe(true);
    } finally {
      await plain.close();
    }
    expect(await (await server.deps.leadWebhooks()).get(id)).toBeUndefined();
    receiver.failures = 0;
    const sent = await server.api<WebhookRetryResponse>("POST", `/api/admin/leads/${id}/webhook`, {
      token: await admin(),
    });
    expect(sent.body).toMatchObject({ delivered: true, webhook: { state: "delivered" } });
  });

  it("of a sender that stopped after its post is made again once its lease lapses, with the same webhook id", async () => {
    receiver.failures = 0;
    const deliveries = await server.deps.leadWebhooks();
    const leads = await server.deps.leads();
    // A lead whose sender claimed it, posted it, and stopped before it recorded the answer.
    const lead = { ...(await leads.get(await trial("modelo@tienda.example")))!, id: "lead-sin-respuesta" };
    expect(await leads.create(lead)).toBe(true);
    expect(await deliveries.create(lead, server.clock.now)).toBe(true);
    expect(await deliveries.claim(lead.id, server.clock.now)).toBeDefined();
    const posted = await postWebhook(receiver.url, signedWebhookRequest(lead, SECRET, new Date()), 5_000);
    expect(posted.ok).toBe(true);
    // While its lease runs nobody takes it; once it lapses the job posts it again.
    expect((await deliverDueWebhooks(server.deps)).due).toBe(0);
    server.clock.advance(2 * 60_000);
    expect(await deliverDueWebhooks(server.deps)).toMatchObject({ due: 1, delivered: 1 });
    expect((await deliveries.get(lead.id))!.state).toBe("delivered");
    // The receiver got it twice under one id, and keeps it once.
    expect(receiver.of(lead.id).map((request) => request.status)).toEqual([200, 200]);
    expect([...receiver.kept.keys()].filter((key) => key === webhookId(lead.id))).toHaveLength(1);
  });

  it("reports its channel, lead-webhook, as the alarms read it", async () => {
    vi.stubEnv("SST_STAGE", "prod");
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      receiver.failures = 1000;
      const id = await trial("metricas@tienda.example");
      await firstAttempt(id);
      server.clock.advance(60_000);
      await runMailJob(webhookJob, server.deps);
      const line = log.mock.calls.map((call) => String(call[0])).find((text) => text.startsWith("{"))!;
      const metrics = JSON.parse(line) as Record<string, unknown>;
      expect(metrics).toMatchObject({ Stage: "prod", Channel: "lead-webhook", Pending: 0, Delivered: 0 });
      expect(Number(metrics.OldestUndeliveredAge)).toBeGreaterThan(0);
    } finally {
      log.mockRestore();
      receiver.failures = 0;
    }
  });
});
