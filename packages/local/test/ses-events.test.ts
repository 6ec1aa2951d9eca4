import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keys } from "@codcrm/core/db/table-design";
import type { OutboxMessage } from "@codcrm/core/mail/outbox";
import { handleSesEvents } from "@codcrm/functions/events/ses-events";
import { adminSubscribers, startTestServer, type TestServer } from "./test-server.ts";

const TOPIC = "arn:aws:sns:eu-west-1:123456789012:codcrm-site-test-SesEvents";
let server: TestServer;
let session: { token: string; issuedAt: number } | undefined;
let clients = 0;

beforeAll(async () => {
  server = await startTestServer({ env: { SES_EVENTS_TOPIC_ARN: TOPIC, TRUST_CLIENT_ADDRESS_HEADER: "1" } });
});
afterAll(() => server.close());

/**
 * An SNS invocation of the function, carrying an SES event-publishing record, in the shapes
 * AWS documents ("Contents of event data that Amazon SES publishes to Amazon SNS", and the
 * Lambda SNS event): the SES event is the notification's `Message`, as JSON text.
 */
function snsInvocation(sesEvent: Record<string, unknown>, topicArn = TOPIC) {
  return {
    Records: [
      {
        EventVersion: "1.0",
        EventSubscriptionArn: `${topicArn}:2d0f1f2e-9a7b-4d5c-8e6f-0a1b2c3d4e5f`,
        EventSource: "aws:sns",
        Sns: {
          SignatureVersion: "1",
          Timestamp: "2026-11-21T10:00:01.000Z",
          Signature: "EXAMPLE",
          SigningCertUrl: "https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-example.pem",
          MessageId: `msg-${Math.random().toString(36).slice(2)}`,
          Message: JSON.stringify(sesEvent),
          MessageAttributes: {},
          Type: "Notification",
          UnsubscribeUrl: "https://sns.eu-west-1.amazonaws.com/?Action=Unsubscribe",
          TopicArn: topicArn,
          Subject: null,
        },
      },
    ],
  };
}

const mail = (to: string) => ({
  timestamp: "2026-11-21T09:59:58.000Z",
  source: "CodCRM <web@codcrm.test>",
  sourceArn: "arn:aws:ses:eu-west-1:123456789012:identity/codcrm.test",
  sendingAccountId: "123456789012",
  messageId: "0102017f-example",
  destination: [to],
  headersTruncated: false,
  commonHeaders: { from: ["CodCRM <web@codcrm.test>"], to: [to], subject: "Confirm your subscription" },
  tags: { "ses:configuration-set": ["codcrm-site-test-ReaderMail"] },
});

function bounce(to: string, bounceType: "Permanent" | "Transient") {
  return {
    eventType: "Bounce",
    bounce: {
      feedbackId: "0102017f-feedback",
      bounceType,
      bounceSubType: bounceType === "Permanent" ? "General" : "MailboxFull",
      bouncedRecipients: [
        { emailAddress: to, action: "failed", status: "5.1.1", diagnosticCode: "smtp; 550 5.1.1 user unknown" },
      ],
      timestamp: "2026-11-21T10:00:00.500Z",
      reportingMTA: "dns; email.example.com",
    },
    mail: mail(to),
  };
}

function complaint(to: string) {
  return {
    eventType: "Complaint",
    complaint: {
      feedbackId: "0102017f-complaint",
      complaintSubType: null,
      complainedRecipients: [{ emailAddress: to }],
      timestamp: "2026-11-21T10:00:00.700Z",
      userAgent: "ExampleCorp Feedback Loop (V0.01)",
      complaintFeedbackType: "abuse",
    },
    mail: mail(to),
  };
}

function subscribe(email: string, language = "en") {
  return server.api("POST", "/api/newsletter", {
    body: { email, language },
    headers: { "cloudfront-viewer-address": `10.31.0.${++clients}:4000` },
  });
}

/** Tests move the clock by days: sign in again when the last token (8 hours) may have expired. */
async function adminToken(): Promise<string> {
  if (!session || server.clock.now.getTime() - session.issuedAt > 7 * 3600_000)
    session = { token: await server.login(), issuedAt: server.clock.now.getTime() };
  return session.token;
}

async function mailsTo(email: string): Promise<OutboxMessage[]> {
  const answer = await server.api("GET", "/api/admin/leads?section=outbox&limit=200", { token: await adminToken() });
  return (answer.body.outbox.items as OutboxMessage[]).filter((item) => item.to === email);
}

async function stored(email: string): Promise<Record<string, unknown> | undefined> {
  const db = await server.deps.db();
  return (await db.send(new GetCommand({ TableName: server.deps.config.TABLE_NAME, Key: keys.subscriber(email) })))
    .Item;
}

function tokenIn(text: string, path: string): string {
  const match = new RegExp(`https?://\\S+${path}\\?token=(\\S+)`).exec(text);
  expect(match, text).not.toBeNull();
  return decodeURIComponent(match![1]!);
}

/** Subscribes and confirms through the confirmation mail, as a reader would. */
async function confirmedReader(email: string): Promise<OutboxMessage> {
  await subscribe(email);
  const [confirmation] = await mailsTo(email);
  const answer = await server.api("POST", "/api/newsletter/confirm", {
    body: { token: tokenIn(confirmation!.text, "/newsletter/confirmar") },
  });
  expect(answer.status).toBe(200);
  return confirmation!;
}

describe("bounces and complaints reported by SES", () => {
  it("suppresses a confirmed address on a hard bounce; subscribing again or leaving changes nothing and mails nothing", async () => {
    const email = "gone@tienda.example";
    const confirmation = await confirmedReader(email);
    const summary = await handleSesEvents(server.deps, snsInvocation(bounce("Gone@Tienda.example", "Permanent")));
    expect(summary).toEqual({ suppressed: 1, unknown: 0, foreign: 0 });
    expect(await stored(email)).toMatchObject({
      subscriptionState: "suppressed",
      suppressionReason: "bounce",
      suppressedAt: "2026-11-21T10:00:00.500Z",
    });

    // The same answer as for anyone, and no mail, now or after the 24-hour window.
    server.clock.advance(25 * 3600_000);
    expect(await subscribe(email)).toMatchObject({ status: 200, body: { status: "subscribed" } });
    expect(await mailsTo(email)).toHaveLength(1);
    expect((await stored(email))!.subscriptionState).toBe("suppressed");

    // Leaving (the link of the mail it did get) answers as always, and keeps it suppressed:
    // otherwise unsubscribe-then-subscribe would mail it again.
    const leave = await server.api(
      "POST",
      `/api/newsletter/unsubscribe?token=${encodeURIComponent(tokenIn(confirmation.text, "/newsletter/baja"))}`,
    );
    expect(leave.status).toBe(204);
    await subscribe(email);
    expect(await mailsTo(email)).toHaveLength(1);
    expect((await stored(email))!.subscriptionState).toBe("suppressed");

    // SES repeats events: the first report's time and reason stay.
    await handleSesEvents(server.deps, snsInvocation(complaint(email)));
    expect(await stored(email)).toMatchObject({
      suppressionReason: "bounce",
      suppressedAt: "2026-11-21T10:00:00.500Z",
    });
    expect(await adminSubscribers(server, await adminToken())).toContainEqual(
      expect.objectContaining({ email, state: "suppressed", suppressionReason: "bounce" }),
    );
  });

  it("ignores a soft bounce", async () => {
    const email = "full@tienda.example";
    await confirmedReader(email);
    const summary = await handleSesEvents(server.deps, snsInvocation(bounce(email, "Transient")));
    expect(summary).toEqual({ suppressed: 0, unknown: 0, foreign: 0 });
    expect((await stored(email))!.subscriptionState).toBe("confirmed");
  });

  it("suppresses a pending address on a complaint for good: no TTL, its link no longer confirms", async () => {
    const email = "never-asked@tienda.example";
    await subscribe(email, "pt");
    const [confirmation] = await mailsTo(email);
    expect((await stored(email))!.expiresAt).toBeDefined();
    expect(await handleSesEvents(server.deps, snsInvocation(complaint(email)))).toEqual({
      suppressed: 1,
      unknown: 0,
      foreign: 0,
    });
    const item = await stored(email);
    expect(item).toMatchObject({ subscriptionState: "suppressed", suppressionReason: "complaint" });
    // Kept past the 30 days a pending request lives, so it is never mailed again.
    expect(item!.expiresAt).toBeUndefined();
    const answer = await server.api("POST", "/api/newsletter/confirm", {
      body: { token: tokenIn(confirmation!.text, "/newsletter/confirmar") },
    });
    expect(answer.status).not.toBe(200);
    expect((await stored(email))!.subscriptionState).toBe("suppressed");
  });

  it("reads nothing from another topic, and counts an address with no subscription as unknown", async () => {
    const email = "elsewhere@tienda.example";
    await confirmedReader(email);
    const foreign = await handleSesEvents(
      server.deps,
      snsInvocation(bounce(email, "Permanent"), "arn:aws:sns:eu-west-1:999999999999:someone-else"),
    );
    expect(foreign).toEqual({ suppressed: 0, unknown: 0, foreign: 1 });
    expect((await stored(email))!.subscriptionState).toBe("confirmed");

    const unknown = await handleSesEvents(server.deps, snsInvocation(bounce("nobody@tienda.example", "Permanent")));
    expect(unknown).toEqual({ suppressed: 0, unknown: 1, foreign: 0 });
    expect(await stored("nobody@tienda.example")).toBeUndefined();
  });

  it("refuses an invocation that is not an SNS notification", async () => {
    await expect(handleSesEvents(server.deps, { Records: [{ EventSource: "aws:sqs" }] })).rejects.toThrow();
  });
});
