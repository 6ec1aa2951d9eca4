import { SESv2Client, SendEmailCommand } from "@aws-sdk/client-sesv2";
import { mockClient } from "aws-sdk-client-mock";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { simpleParser } from "mailparser";
import {
  confirmedSubscriber,
  createArticle,
  sendArticleAndWait,
  startTestServer,
  type TestServer,
} from "./test-server.ts";

// SES is outside: mocked in its documented shapes (SESv2 SendEmail).
const ses = mockClient(SESv2Client);
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    env: {
      MAIL_TRANSPORT: "ses",
      SES_FROM: "CodCRM <web@codcrm.test>",
      MAIL_TO: "team@codcrm.test",
      SES_REGION: "eu-west-1",
      SES_CONFIGURATION_SET: "codcrm-site-test-ReaderMail",
      NEWSLETTER_SEND_RATE: "1000",
    },
  });
});
afterAll(async () => {
  await server.close();
  ses.restore();
});
beforeEach(() => ses.reset());

function subscribe(email: string, client: string) {
  return server.api("POST", "/api/newsletter", {
    body: { email, language: "es" },
    headers: { "x-forwarded-for": client },
  });
}

function sentTo(address: string) {
  return ses
    .commandCalls(SendEmailCommand)
    .map((call) => call.args[0].input)
    .filter((input) => input.Destination?.ToAddresses?.includes(address));
}

describe("newsletter confirmation through SES", () => {
  it("mails the reader from our identity (no Reply-To), and the team's notice still goes to the team", async () => {
    ses.on(SendEmailCommand).resolves({ MessageId: "ses-1" });
    expect((await subscribe("lector@tienda.example", "10.40.0.1")).status).toBe(200);
    const [confirmation] = sentTo("lector@tienda.example");
    expect(confirmation).toBeDefined();
    expect(confirmation!.FromEmailAddress).toBe("CodCRM <web@codcrm.test>");
    expect(confirmation!.ReplyToAddresses).toBeUndefined();
    expect(confirmation!.Content?.Simple?.Subject?.Data).toBe("Confirma tu suscripción al boletín de CodCRM");
    expect(confirmation!.Content?.Simple?.Body?.Text?.Data).toMatch(/\/es\/newsletter\/confirmar\?token=/);
    // RFC 8058's headers, through SES's own Headers of a simple message (SES builds the MIME).
    const headers = Object.fromEntries(
      (confirmation!.Content?.Simple?.Headers ?? []).map((header) => [header.Name, header.Value]),
    );
    expect(headers["List-Unsubscribe"]).toMatch(/^<https?:\/\/[^/>]+\/api\/newsletter\/unsubscribe\?token=[^>]+>$/);
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(confirmation!.Content?.Simple?.Body?.Text?.Data).toMatch(/\/es\/newsletter\/baja\?token=/);
    expect(sentTo("team@codcrm.test")).toHaveLength(1);
    // Reader mail goes with the configuration set that reports its bounces and complaints
    // (docs/decisions/0167-bounces-and-complaints.md); the team's own inbox is never suppressed.
    expect(confirmation!.ConfigurationSetName).toBe("codcrm-site-test-ReaderMail");
    expect(sentTo("team@codcrm.test")[0]!.ConfigurationSetName).toBeUndefined();
  });

  it("gives a failed confirmation mail back: the next request mails again at once", async () => {
    ses.on(SendEmailCommand).rejects(Object.assign(new Error("throttled"), { name: "TooManyRequestsException" }));
    expect((await subscribe("otra@tienda.example", "10.40.0.2")).status).toBe(200);
    expect(sentTo("otra@tienda.example")).toHaveLength(1);
    ses.reset();
    ses.on(SendEmailCommand).resolves({ MessageId: "ses-2" });
    expect((await subscribe("otra@tienda.example", "10.40.0.3")).status).toBe(200);
    expect(sentTo("otra@tienda.example")).toHaveLength(1);
    // Sent now: the next request within 24 hours mails nothing.
    expect((await subscribe("otra@tienda.example", "10.40.0.4")).status).toBe(200);
    expect(sentTo("otra@tienda.example")).toHaveLength(1);
  });
});

describe("an article sent to its subscribers through SES", () => {
  it("leaves as the MIME the send job composes, with its HTML and its plain text", async () => {
    // Only the send job carries the composer; a transport without it refuses HTML mail
    // (docs/decisions/0194-mime-composer-only-where-html-mail-goes.md).
    ses.on(SendEmailCommand).resolves({ MessageId: "ses-article" });
    const reader = "suscrita@lectores.example";
    await confirmedSubscriber(server, reader, "es");
    const token = await server.login();
    const article = await createArticle(server, token, {
      title: "Cobrar contra reembolso sin sorpresas",
      language: "es",
      content: "Primer párrafo con **negrita**.",
      excerpt: "Lo que cuenta el artículo.",
      categories: [],
      published: true,
    });
    expect(await sendArticleAndWait(server, token, article.id)).toMatchObject({ sent: 1, failed: 0 });
    const [mail] = sentTo(reader);
    expect(mail!.Content?.Simple).toBeUndefined();
    const parsed = await simpleParser(Buffer.from(mail!.Content!.Raw!.Data!));
    expect(parsed.subject).toBe("Cobrar contra reembolso sin sorpresas");
    expect(String(parsed.html)).toContain("<strong>negrita</strong>");
    expect(parsed.text).toContain("negrita");
    expect(mail!.ConfigurationSetName).toBe("codcrm-site-test-ReaderMail");
  });
});
