import { describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { isWebhookSecret } from "../config/webhook-secret.ts";
import { leadFixture } from "../../test/lead-fixture.ts";
import { WEBHOOK_RETRY_WINDOW_MS, nextWebhookAttempt, signedWebhookRequest, webhookId } from "./lead-webhook.ts";

const SECRET = `whsec_${Buffer.from("a secret of at least twenty-four bytes").toString("base64")}`;
const lead = leadFixture({
  name: "Marta",
  company: "Tienda",
  phone: "600000000",
  source: { entryPage: "/es", utm: { campaign: "otoño" } },
});

describe("a lead's webhook request", () => {
  it("verifies with the Standard Webhooks library, carries the lead's id as its webhook-id, and no mail state", () => {
    const request = signedWebhookRequest(lead, SECRET, new Date());
    expect(request.headers["webhook-id"]).toBe(webhookId("l1"));
    const verified = new Webhook(SECRET).verify(request.body, request.headers) as Record<string, unknown>;
    expect(verified).toEqual({
      type: "lead.created",
      timestamp: lead.createdAt,
      data: {
        id: "l1",
        kind: "trial",
        name: "Marta",
        email: "marta@tienda.example",
        company: "Tienda",
        phone: "600000000",
        language: "es",
        createdAt: lead.createdAt,
        source: { entryPage: "/es", utm: { campaign: "otoño" } },
      },
    });
    // The same body on every attempt; only the signature's moment changes.
    expect(signedWebhookRequest(lead, SECRET, new Date(Date.now() + 1000)).body).toBe(request.body);
  });

  it("is retried with growing waits within the lead's 24 hours, then not by the job", () => {
    const created = Date.parse(lead.createdAt);
    const waits = [1, 2, 3, 4, 5, 6, 7, 8].map(
      (failures) => Date.parse(nextWebhookAttempt(failures, new Date(created), lead.createdAt)!) - created,
    );
    expect(waits).toEqual([60_000, 300_000, 900_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000, 28_800_000]);
    const late = new Date(created + WEBHOOK_RETRY_WINDOW_MS - 3600_000);
    expect(nextWebhookAttempt(9, late, lead.createdAt)).toBe(new Date(created + WEBHOOK_RETRY_WINDOW_MS).toISOString());
    expect(nextWebhookAttempt(10, new Date(created + WEBHOOK_RETRY_WINDOW_MS), lead.createdAt)).toBeUndefined();
  });

  it("is signed with a secret in the specification's format only", () => {
    expect(isWebhookSecret(SECRET)).toBe(true);
    expect(isWebhookSecret("whsec_c2hvcnQ=")).toBe(false);
    expect(isWebhookSecret("not base64!")).toBe(false);
  });
});
