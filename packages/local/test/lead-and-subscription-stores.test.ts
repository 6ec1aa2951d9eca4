import { readFile } from "node:fs/promises";
import path from "node:path";
import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import type { ConsentRecord, Lead, Subscriber } from "@codcrm/core/lead/lead";
import { afterEach, describe, expect, it } from "vitest";
import { startTestServer, storeFixture, type TestServer } from "./test-server.ts";

/**
 * Leads and subscriptions each have a store of their own (docs/decisions/0320-one-store-per-kind-of-item.md);
 * the items are the ones a single store kept for both. The fixture holds what that store wrote
 * for every lead and subscription state, and what it read back from them.
 */
const FIXTURE = "leads-and-subscriptions-one-store.json";

interface Fixture {
  items: Record<string, unknown>[];
  reads: Record<string, unknown> & { list: string[]; spam: string[]; due: string[]; all: string[] };
}

const fixture = JSON.parse(await readFile(path.join(import.meta.dirname, "fixtures", FIXTURE), "utf8")) as Fixture;
const LEAD_IDS = ["contact-failed", "contact-given-up", "contact-pending", "contact-sending", "spam-bot", "trial-sent"];
const ADDRESSES = ["confirmed@shop.example", "pendiente@tienda.example", "rebote@tienda.example", "saiu@loja.example"];

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The lead and subscription items of the table, in key order. */
async function storedItems(server: TestServer): Promise<Record<string, unknown>[]> {
  const { Items = [] } = await (
    await server.deps.db()
  ).send(new ScanCommand({ TableName: server.deps.config.TABLE_NAME }));
  return Items.filter((item) => /^(LEAD|SUBSCRIBER)#/.test(String(item.pk))).sort((a, b) =>
    String(a.pk).localeCompare(String(b.pk)),
  );
}

describe("the lead store and the subscription store", () => {
  it("read the items the one store of both wrote as it read them", async () => {
    server = await startTestServer();
    await storeFixture(server, FIXTURE);
    const leads = await server.deps.leads();
    const subscriptions = await server.deps.subscriptions();

    // Leads stored before the inbox read as new (docs/decisions/0452-leads-as-an-inbox.md).
    for (const id of LEAD_IDS)
      expect(await leads.get(id), id).toEqual({ ...(fixture.reads[id] as object), inbox: { state: "new" } });
    for (const email of ADDRESSES)
      expect(await subscriptions.findSubscription(email), email).toEqual(fixture.reads[email]);
    expect((await leads.list({ limit: 10 })).items.map((lead) => lead.id)).toEqual(fixture.reads.list);
    expect((await leads.list({ limit: 10, spam: true })).items.map((lead) => lead.id)).toEqual(fixture.reads.spam);
    expect(await leads.listDue(new Date("2026-11-20T09:03:00.000Z"), 10)).toEqual(fixture.reads.due);
    expect((await subscriptions.allSubscribers()).map((subscriber) => subscriber.email)).toEqual(fixture.reads.all);
  });

  it("write the same items for the same steps", async () => {
    server = await startTestServer();
    const leads = await server.deps.leads();
    const subscriptions = await server.deps.subscriptions();
    const at = new Date("2026-11-20T09:00:00.000Z");
    const later = (iso: string) => new Date(`2026-11-${iso}Z`);
    const lead = (id: string, kind: Lead["kind"], spam: boolean, fields: Partial<Lead>): Lead => ({
      id,
      kind,
      email: `${id}@tienda.example`,
      language: "es",
      createdAt: at.toISOString(),
      delivery: spam
        ? { state: "spam", attempts: 0 }
        : { state: "pending", attempts: 0, nextAttemptAt: at.toISOString() },
      inbox: { state: "new" },
      ...fields,
    });
    const claimed = async (id: string) => (await leads.claim(id, at))!;

    await leads.create(
      lead("contact-pending", "contact", false, {
        name: "Ana Pérez",
        message: "Hola,\nquiero saber más.",
        company: "Tienda Ana",
        phone: "+34 600 000 000",
      }),
    );
    await leads.create(lead("trial-sent", "trial", false, { name: "Luis", message: "Prueba" }));
    await claimed("trial-sent");
    await leads.markSent("trial-sent", at, "ses", "0102019a-ses-message-id");
    await leads.create(lead("contact-failed", "contact", false, { name: "Marta", message: "Sin respuesta" }));
    await leads.markFailed(await claimed("contact-failed"), at, {
      code: "provider_unavailable",
      detail: "503 Service Unavailable",
      retryable: true,
    });
    await leads.create(lead("contact-given-up", "contact", false, { name: "Pablo", message: "Rechazado" }));
    await leads.markFailed(await claimed("contact-given-up"), at, {
      code: "provider_rejected",
      detail: "400 The template ID is invalid",
      retryable: false,
    });
    await leads.create(lead("contact-sending", "contact", false, { name: "Sara", message: "En curso" }));
    await claimed("contact-sending");
    await leads.create(lead("spam-bot", "contact", true, { name: "Bot", message: "Buy now" }));

    const consent: ConsentRecord = {
      at: at.toISOString(),
      page: "/es/blog",
      language: "es",
      textVersion: "2026-11-01",
      client: "5f2b0c9e1a7d",
    };
    const pending = (email: string, language: Subscriber["language"]) =>
      subscriptions.createPending(
        {
          email,
          language,
          createdAt: at.toISOString(),
          leadId: `newsletter-${email}`,
          state: "pending",
          consent: { ...consent, language },
        },
        `nonce-${email.split("@")[0]}`,
        1_798_000_000,
      );
    const confirmed = async (email: string, language: Subscriber["language"]) => {
      await pending(email, language);
      await subscriptions.confirm(email, `nonce-${email.split("@")[0]}`, later("20T09:05:00.000"));
    };
    await pending("pendiente@tienda.example", "es");
    await subscriptions.claimConfirmationMail("pendiente@tienda.example", at, 86_400_000);
    await confirmed("confirmed@shop.example", "en");
    await confirmed("saiu@loja.example", "pt");
    await subscriptions.unsubscribe("saiu@loja.example", later("21T10:00:00.000"));
    await confirmed("rebote@tienda.example", "es");
    await subscriptions.suppress("rebote@tienda.example", "bounce", later("22T11:00:00.000"));

    // A claim's token is random: any string, where the fixture has one. A lead given up on now
    // also stays in the owed list, under a key that is never due (docs/decisions/0302-delivery-metrics.md).
    const expected = fixture.items
      .map((item): Record<string, unknown> =>
        "claimToken" in item ? { ...item, claimToken: expect.any(String) } : item,
      )
      .map((item) =>
        item.id === "contact-given-up"
          ? { ...item, gsi2pk: "UNDELIVERED", gsi2sk: `~given-up#${String(item.createdAt)}#${String(item.id)}` }
          : item,
      );
    expect(await storedItems(server)).toEqual(expected);
  });
});
