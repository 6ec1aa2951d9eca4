import { PutCommand, ScanCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addressHash } from "@codcrm/core/lead/lead";
import type { ErasureResult, PersonalDataExport } from "@codcrm/core/lead/personal-data";
import type { OutboxMessage } from "@codcrm/core/mail/outbox";
import { startTestServer, type TestServer } from "./test-server.ts";

// The default transport: every mail, the team's and the reader's, is kept in the table.
let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_CLIENT_ADDRESS_HEADER: "1" } });
  token = await server.login();
});
afterAll(() => server.close());

const PERSON = "marta.ruiz@tienda.example";
const OTHER = "otro.lector@tienda.example";

async function scanAll(): Promise<Record<string, unknown>[]> {
  const db = await server.deps.db();
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new ScanCommand({ TableName: server.deps.config.TABLE_NAME, ExclusiveStartKey: start, ConsistentRead: true }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Items holding the text anywhere (keys, attributes, nested maps), whatever its case. */
async function itemsHolding(text: string): Promise<Record<string, unknown>[]> {
  return (await scanAll()).filter((item) => JSON.stringify(item).toLowerCase().includes(text.toLowerCase()));
}

/** Subscribes (confirming through the mail's link) and writes to the team, as the person would. */
async function personLeavesTraces(email: string, client: string): Promise<void> {
  const headers = { "cloudfront-viewer-address": `${client}:4000` };
  const subscribed = await server.api("POST", "/api/newsletter", {
    body: { email: email.toUpperCase(), language: "en", page: "/en/" },
    headers,
  });
  expect(subscribed.status).toBe(200);
  const outbox = await server.api("GET", "/api/admin/leads?section=outbox&limit=200", { token });
  const confirmation = (outbox.body.outbox.items as OutboxMessage[]).find((mail) => mail.to === email)!;
  const link = /\/newsletter\/confirmar\?token=(\S+)/.exec(confirmation.text)!;
  const confirmed = await server.api("POST", "/api/newsletter/confirm", {
    body: { token: decodeURIComponent(link[1]!) },
  });
  expect(confirmed.status).toBe(200);
  const contact = await server.api("POST", "/api/contact", {
    body: {
      kind: "contact",
      name: "Marta Ruiz",
      email: email.replace(/^./, (c) => c.toUpperCase()),
      message: `Please write to me at ${email}.`,
    },
    headers,
  });
  expect(contact.status).toBe(201);
}

describe("a person's data (RGPD articles 15 and 17)", () => {
  it("exports everything held about an address as JSON, then erases it so that a full scan finds it nowhere", async () => {
    await personLeavesTraces(PERSON, "10.32.0.1");
    await personLeavesTraces(OTHER, "10.32.0.2");
    // Items other features key by the address or its hash (an article's send claim, say).
    const db = await server.deps.db();
    const table = server.deps.config.TABLE_NAME;
    const hash = addressHash(PERSON);
    await db.send(
      new PutCommand({
        TableName: table,
        Item: { pk: "SEND#article-1", sk: `TO#${hash.slice(0, 32)}`, state: "sent", at: "2026-11-21T10:00:00.000Z" },
      }),
    );
    await db.send(
      new PutCommand({ TableName: table, Item: { pk: "SEND#article-2", sk: "TO#x", recipient: PERSON.toUpperCase() } }),
    );
    // The contact request's delivery to the CRM, as a stage with a webhook records it beside the lead.
    const contact = (
      await server.api("GET", "/api/admin/leads?section=leads&limit=200", { token })
    ).body.leads.items.find(
      (lead: { kind: string; email: string }) => lead.kind === "contact" && lead.email.toLowerCase() === PERSON,
    );
    expect(await (await server.deps.leadWebhooks()).create(contact, server.clock.now)).toBe(true);
    expect((await itemsHolding(PERSON)).length).toBeGreaterThanOrEqual(6);

    const exported = await server.api<PersonalDataExport>("POST", "/api/admin/personal-data/export", {
      token,
      body: { email: ` ${PERSON.toUpperCase()} ` },
    });
    expect(exported.status).toBe(200);
    const data = exported.body;
    expect(data.email).toBe(PERSON);
    expect(data.subscription).toMatchObject({
      email: PERSON,
      state: "confirmed",
      language: "en",
      consent: { page: "/en/", language: "en", textVersion: expect.any(String) },
    });
    expect(data.leads.map((lead) => lead.kind).sort()).toEqual(["contact", "newsletter"]);
    // The confirmation mail and the team's two notices (subscriber, contact request).
    expect(data.outbox).toHaveLength(3);
    expect(data.outbox.some((mail) => mail.to === PERSON)).toBe(true);
    expect(data.other.map((item) => `${item.pk} ${item.sk}`).sort()).toEqual([
      `LEAD#${contact.id} WEBHOOK`,
      "SEND#article-1 TO#" + hash.slice(0, 32),
      "SEND#article-2 TO#x",
    ]);
    expect(JSON.stringify(data).toLowerCase()).not.toContain(OTHER);

    const erased = await server.api<ErasureResult>("POST", "/api/admin/personal-data/erase", {
      token,
      body: { email: PERSON },
    });
    expect(erased).toMatchObject({
      status: 200,
      body: {
        erasedAt: server.clock.now.toISOString(),
        removed: { subscription: 1, leads: 2, outbox: 3, other: 3 },
      },
    });

    // Nowhere, in any attribute, in any case; the hash only in the erasure record.
    expect(await itemsHolding(PERSON)).toEqual([]);
    const withHash = await itemsHolding(hash.slice(0, 32));
    expect(withHash).toEqual([
      expect.objectContaining({
        pk: `ERASURE#${hash}`,
        sk: server.clock.now.toISOString(),
        addressHash: hash,
        erasedAt: server.clock.now.toISOString(),
        removed: { subscription: 1, leads: 2, outbox: 3, other: 3 },
      }),
    ]);
    // The other reader keeps everything.
    expect((await itemsHolding(OTHER)).length).toBeGreaterThanOrEqual(5);
    const again = await server.api<PersonalDataExport>("POST", "/api/admin/personal-data/export", {
      token,
      body: { email: PERSON },
    });
    expect(again.body).toMatchObject({ subscription: null, leads: [], outbox: [], other: [] });
  });

  it("is for the administrator alone, and names a bad address", async () => {
    for (const path of ["/api/admin/personal-data/export", "/api/admin/personal-data/erase"]) {
      expect((await server.api("POST", path, { body: { email: OTHER } })).status).toBe(401);
      const bad = await server.api("POST", path, { token, body: { email: "not an address" } });
      expect(bad).toMatchObject({
        status: 400,
        body: { error: { code: "validation_failed", fields: [{ field: "email", code: "invalid_email" }] } },
      });
    }
    expect((await itemsHolding(OTHER)).length).toBeGreaterThanOrEqual(5);
  });
});
