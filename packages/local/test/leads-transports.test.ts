import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { SESv2Client, SendEmailCommand } from "@aws-sdk/client-sesv2";
import { mockClient } from "aws-sdk-client-mock";
import { afterAll, describe, expect, it } from "vitest";
import { startFakeEmailJs } from "@codcrm/core/test/fake-emailjs-server";
import { startLocalServer } from "../src/server.ts";
import { adminSubscribers, startTestServer } from "./test-server.ts";

const contact = { kind: "contact", name: "Ana Ruiz", email: "ana@tienda.example", message: "Hola" };

describe("outbox transport (the default)", () => {
  it("keeps each lead's mail in the table and shows it in the admin leads API", async () => {
    const server = await startTestServer({ env: { MAIL_TO: "team@codcrm.test" } });
    try {
      expect((await server.deps.mail()).name).toBe("outbox");
      const trialAt = server.clock.now.toISOString();
      expect(
        (
          await server.api("POST", "/api/contact", {
            body: { ...contact, kind: "trial", company: "Tienda", phone: "600 123 456", privacyAccepted: true },
          })
        ).status,
      ).toBe(201);
      server.clock.advance(1000);
      expect((await server.api("POST", "/api/newsletter", { body: { email: "reader@tienda.example" } })).status).toBe(
        200,
      );
      expect((await server.api("POST", "/api/newsletter", { body: { email: "reader@tienda.example" } })).status).toBe(
        200,
      );

      const token = await server.login();
      const { body } = await server.api("GET", "/api/admin/leads", { token });
      expect(body.transport).toBe("outbox");
      expect(
        body.leads.items.map((lead: { kind: string; delivery: { state: string; transport: string } }) => [
          lead.kind,
          lead.delivery.state,
          lead.delivery.transport,
        ]),
      ).toEqual([
        ["newsletter", "sent", "outbox"],
        ["trial", "sent", "outbox"],
      ]);
      // One mail per lead to the team (the repeated subscription added none), as the provider
      // would have received it, and one confirmation mail to the reader (none for the repeat).
      expect(body.outbox.items).toHaveLength(3);
      expect(body.outbox.items.filter((mail: { to?: string }) => mail.to === "reader@tienda.example")).toHaveLength(1);
      const trial = body.outbox.items.find((mail: { leadId: string }) => mail.leadId === body.leads.items[1].id);
      expect(trial).toMatchObject({ to: "team@codcrm.test", replyTo: "ana@tienda.example", createdAt: trialAt });
      expect(trial.subject).toMatch(/^CodCRM · Nueva solicitud de prueba/);
      expect(trial.text).toContain("Teléfono: 600 123 456");
      expect(await adminSubscribers(server, token)).toEqual([
        {
          email: "reader@tienda.example",
          language: "es",
          createdAt: server.clock.now.toISOString(),
          leadId: body.leads.items[0].id,
          state: "pending",
          consent: expect.objectContaining({ at: server.clock.now.toISOString(), language: "es" }),
          confirmationSentAt: server.clock.now.toISOString(),
        },
      ]);
    } finally {
      await server.close();
    }
  });
});

describe("SES transport", () => {
  const ses = mockClient(SESv2Client);
  afterAll(() => ses.restore());

  it("sends through SES with the visitor as Reply-To; a refusal is kept and retried once", async () => {
    const server = await startTestServer({
      env: {
        MAIL_TRANSPORT: "ses",
        SES_FROM: "CodCRM <web@codcrm.test>",
        SES_REGION: "eu-west-1",
        MAIL_TO: "team@codcrm.test",
      },
    });
    try {
      // The owner signs in first: the code to a new device is a mail of its own.
      ses.on(SendEmailCommand).resolves({ MessageId: "ses-code" });
      const token = await server.login();
      ses.resetHistory();
      ses
        .on(SendEmailCommand)
        .rejectsOnce(
          Object.assign(new Error("Maximum sending rate exceeded."), {
            name: "TooManyRequestsException",
            $metadata: { httpStatusCode: 429 },
          }),
        )
        .resolves({ MessageId: "ses-1" });
      expect((await server.api("POST", "/api/contact", { body: contact })).status).toBe(201);
      const [failed] = (await server.api("GET", "/api/admin/leads?section=leads", { token })).body.leads.items;
      expect(failed.delivery).toMatchObject({ state: "failed", lastError: "provider_throttled" });

      const retried = await server.api("POST", `/api/admin/leads/${failed.id}/retry`, { token });
      expect(retried.body).toMatchObject({
        delivered: true,
        lead: { delivery: { state: "sent", transport: "ses", providerId: "ses-1" } },
      });
      expect((await server.api("POST", `/api/admin/leads/${failed.id}/retry`, { token })).status).toBe(409);

      const calls = ses.commandCalls(SendEmailCommand);
      expect(calls).toHaveLength(2);
      const input = calls[1]!.args[0].input;
      expect(input).toMatchObject({
        FromEmailAddress: "CodCRM <web@codcrm.test>",
        Destination: { ToAddresses: ["team@codcrm.test"] },
        ReplyToAddresses: ["ana@tienda.example"],
      });
      expect(input.Content?.Simple?.Subject?.Data).not.toContain("Ana");
    } finally {
      await server.close();
    }
  });

  it("refuses to start without the settings SES needs, naming them", async () => {
    await expect(startTestServer({ env: { MAIL_TRANSPORT: "ses" } })).rejects.toThrow(
      /SES_FROM is not set.*MAIL_TO is not set/,
    );
  });
});

describe("local server start", () => {
  it("retries undelivered leads in the background and logs a line", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "codcrm-leads-"));
    const keys = { serviceId: "s", templateId: "t", publicKey: "p", privateKey: "k" };
    const fake = await startFakeEmailJs(keys);
    const env = {
      ADMIN_PASSWORD: "start-test-password",
      MAIL_TRANSPORT: "emailjs",
      EMAILJS_API_URL: fake.url,
      EMAILJS_SERVICE_ID: keys.serviceId,
      EMAILJS_TEMPLATE_ID: keys.templateId,
      EMAILJS_PUBLIC_KEY: keys.publicKey,
      EMAILJS_PRIVATE_KEY: keys.privateKey,
    };
    let now = new Date("2026-11-21T10:00:00.000Z");
    try {
      fake.behave(429);
      const first = await startLocalServer({ port: 0, dataDir, seed: false, env, clock: () => now });
      const response = await fetch(`${first.url}/api/contact`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(contact),
      });
      expect(response.status).toBe(201);
      await first.close();
      expect(fake.delivered()).toHaveLength(0);

      fake.behave("ok");
      now = new Date(now.getTime() + 5 * 60_000);
      const lines: string[] = [];
      const second = await startLocalServer({
        port: 0,
        dataDir,
        seed: false,
        env,
        clock: () => now,
        log: (line) => lines.push(line),
      });
      try {
        await expect
          .poll(() => lines.find((line) => line.startsWith("Deliveries due at start")), { timeout: 10_000 })
          .toBe("Deliveries due at start: 1 (sent 1, failed 0, skipped 0).");
        expect(fake.delivered()).toHaveLength(1);
        expect((fake.delivered()[0]!.template_params as Record<string, string>).from_email).toBe("ana@tienda.example");
      } finally {
        await second.close();
      }
    } finally {
      await fake.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
