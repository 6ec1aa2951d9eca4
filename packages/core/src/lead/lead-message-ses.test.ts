import { SESv2Client, SendEmailCommand } from "@aws-sdk/client-sesv2";
import { mockClient } from "aws-sdk-client-mock";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { newLead } from "./lead.ts";
import { leadRequestSchema } from "./lead-schemas.ts";
import { leadMessage } from "./lead-message.ts";
import { DeliveryFailure } from "../mail/mail-transport.ts";
import { SesTransport } from "../mail/ses-transport.ts";

const ses = mockClient(SESv2Client);
afterAll(() => ses.restore());
beforeEach(() => ses.reset());

const transport = new SesTransport({
  region: "eu-west-1",
  from: "CodCRM <web@codcrm.test>",
  to: "team@codcrm.test",
  timeoutMs: 1000,
});

const lead = newLead(
  leadRequestSchema.parse({
    kind: "trial",
    name: "Ana Ruiz",
    email: "ana@tienda.example",
    message: "Quiero una demo.\nSubject: injected\nBcc: everyone@example.com",
    company: "Tienda Ana",
    phone: "+34 600 123 456",
    privacyAccepted: true,
    language: "es",
  }),
  new Date("2026-11-21T10:00:00Z"),
  false,
);

function error(name: string, status?: number): Error {
  return Object.assign(new Error(`${name} happened`), { name, $metadata: status ? { httpStatusCode: status } : {} });
}

describe("SES transport", () => {
  it("refuses a mail with an HTML part when it was made without a MIME composer, and calls SES not at all", async () => {
    // Only the article send job gives one (docs/decisions/0194-mime-composer-only-where-html-mail-goes.md).
    await expect(
      transport.send({ to: "reader@lectores.example", subject: "s", text: "t", html: "<p>t</p>", fields: {} }),
    ).rejects.toThrow(/without a MIME composer/);
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0);
  });

  it("sends from our identity to the team, with the visitor only as a bare Reply-To", async () => {
    ses.on(SendEmailCommand).resolves({ MessageId: "ses-message-1" });
    await expect(transport.send(leadMessage(lead))).resolves.toEqual({ providerId: "ses-message-1" });

    const calls = ses.commandCalls(SendEmailCommand);
    expect(calls).toHaveLength(1);
    const input = calls[0]!.args[0].input;
    expect(input.FromEmailAddress).toBe("CodCRM <web@codcrm.test>");
    expect(input.Destination).toEqual({ ToAddresses: ["team@codcrm.test"] });
    expect(input.ReplyToAddresses).toEqual(["ana@tienda.example"]);
    const subject = input.Content?.Simple?.Subject?.Data ?? "";
    // No visitor text in any header: the subject names neither the visitor nor the company.
    // The phone is looked for as typed: its digits alone ("600") can occur in the lead's random id.
    for (const typed of ["Ana", "Tienda", "demo", "injected", "600 123"]) expect(subject).not.toContain(typed);
    expect(subject).toContain("CodCRM");
    expect(subject).not.toMatch(/[\r\n]/);
    // Everything typed is in the body, line breaks of the message included.
    const body = input.Content?.Simple?.Body?.Text?.Data ?? "";
    for (const typed of ["Ana Ruiz", "Tienda Ana", "+34 600 123 456", "Bcc: everyone@example.com"])
      expect(body).toContain(typed);
    expect(input.Content?.Raw).toBeUndefined();
    expect(input.Content?.Template).toBeUndefined();
  });

  it.each([
    ["TooManyRequestsException", 429, "provider_throttled", true],
    ["MessageRejected", 400, "provider_rejected", false],
    ["SendingPausedException", 400, "provider_blocked", false],
    ["InternalFailure", 500, "provider_unavailable", true],
    ["TimeoutError", undefined, "timeout", true],
    ["ECONNRESET", undefined, "network_error", true],
  ] as const)("maps %s to %s", async (name, status, code, retryable) => {
    ses.on(SendEmailCommand).rejects(error(name, status));
    const failure = await transport.send(leadMessage(lead)).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(DeliveryFailure);
    expect((failure as DeliveryFailure).code).toBe(code);
    expect((failure as DeliveryFailure).retryable).toBe(retryable);
  });
});
