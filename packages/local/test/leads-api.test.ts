import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Lead } from "@codcrm/core/lead/lead";
import { handler as retryJob, retryDeliveries } from "@codcrm/functions/jobs/retry-deliveries";
import { EMAILJS_FAILURES, type FakeEmailJs } from "@codcrm/core/test/fake-emailjs-server";
import { adminSubscribers, startEmailJsTestServer, type TestServer } from "./test-server.ts";

let fake: FakeEmailJs;
let server: TestServer;
let session: { token: string; issuedAt: number } | undefined;

/** Tests move the clock by days: sign in again when the last token (8 hours) may have expired. */
async function adminToken(): Promise<string> {
  if (!session || server.clock.now.getTime() - session.issuedAt > 7 * 3600_000) {
    session = { token: await server.login(), issuedAt: server.clock.now.getTime() };
  }
  return session.token;
}

beforeAll(async () => {
  ({ server, fake } = await startEmailJsTestServer());
});
afterAll(async () => {
  await server.close();
  await fake.close();
});
beforeEach(() => fake.behave("ok"));

let clients = 0;
/** Each post comes from its own client unless told otherwise: the rate limit is per client. */
function newClient(): string {
  clients++;
  return `10.20.${Math.floor(clients / 250)}.${clients % 250}`;
}

function post(path: string, body: unknown, client = newClient()) {
  return server.api("POST", path, { body, headers: { "cloudfront-viewer-address": `${client}:4000` } });
}

let emails = 0;
function contactBody(overrides: Record<string, unknown> = {}) {
  emails++;
  return {
    kind: "contact",
    name: "Ana Ruiz",
    email: `ana${emails}@tienda.example`,
    message: "Hola,\n¿tenéis integración con mi tienda?",
    ...overrides,
  };
}

function trialBody(overrides: Record<string, unknown> = {}) {
  return contactBody({
    kind: "trial",
    company: "Tienda Ana",
    phone: "+34 600 123 456",
    privacyAccepted: true,
    language: "pt",
    ...overrides,
  });
}

async function adminList(
  query = "",
): Promise<Record<string, { items: Lead[]; nextCursor?: string }> & { transport: string }> {
  const result = await server.api("GET", `/api/admin/leads${query}`, { token: await adminToken() });
  expect(result.status).toBe(200);
  return result.body;
}

async function leadFor(email: string, section = "leads"): Promise<Lead> {
  const list = await adminList(`?section=${section}&limit=200`);
  const lead = list[section]!.items.find((item) => item.email === email);
  if (!lead) throw new Error(`No lead for ${email} in ${section}`);
  return lead;
}

/** A contact request whose first mail EmailJS refused (429): stored, its delivery failed once. */
async function leadWithFailedMail() {
  fake.behave(429);
  const body = contactBody();
  await post("/api/contact", body);
  return { body, lead: await leadFor(body.email) };
}

/** Mails EmailJS accepted for one lead. */
function mailsFor(leadId: string) {
  return fake.delivered().filter((body) => (body.template_params as Record<string, string>).lead_id === leadId);
}

async function retry(id: string) {
  return server.api("POST", `/api/admin/leads/${encodeURIComponent(id)}/retry`, { token: await adminToken() });
}

describe("POST /api/contact", () => {
  it("stores the request, mails it through EmailJS once and answers 201", async () => {
    const body = trialBody();
    const result = await post("/api/contact", body);
    expect(result.status).toBe(201);
    expect(result.body).toEqual({ status: "received" });

    const lead = await leadFor(body.email as string);
    expect(lead).toMatchObject({
      kind: "trial",
      name: "Ana Ruiz",
      company: "Tienda Ana",
      phone: "+34 600 123 456",
      language: "pt",
      createdAt: server.clock.now.toISOString(),
      delivery: { state: "sent", attempts: 1, transport: "emailjs", sentAt: server.clock.now.toISOString() },
    });
    const [mail] = mailsFor(lead.id);
    expect(mailsFor(lead.id)).toHaveLength(1);
    expect(fake.calls.every((call) => call.shapeProblems.length === 0)).toBe(true);
    expect(mail!.template_params).toMatchObject({
      from_name: "Ana Ruiz",
      from_email: body.email,
      reply_to: body.email,
      company: "Tienda Ana",
      phone: "+34 600 123 456",
      message: body.message,
      kind: "trial",
      to_email: "team@codcrm.test",
    });
    expect((mail!.template_params as Record<string, string>).subject).not.toContain("Ana");
  });

  it("answers 400 naming each bad field, stores nothing and mails nothing", async () => {
    const before = fake.calls.length;
    const result = await post("/api/contact", {
      kind: "trial",
      name: "",
      email: "nope",
      message: "x",
      phone: "12",
      privacyAccepted: false,
    });
    expect(result.status).toBe(400);
    expect(result.body.error.code).toBe("validation_failed");
    expect(
      Object.fromEntries(result.body.error.fields.map((f: { field: string; code: string }) => [f.field, f.code])),
    ).toEqual({
      name: "required",
      email: "invalid_email",
      company: "required",
      phone: "invalid_phone",
      privacyAccepted: "must_accept",
    });
    expect((await post("/api/contact", undefined)).body.error.code).toBe("missing_body");
    expect(fake.calls.length).toBe(before);
  });

  it("refuses CR/LF in name and e-mail (no header injection), storing nothing", async () => {
    for (const body of [
      contactBody({ name: "Ana\r\nBcc: victim@example.com" }),
      contactBody({ email: "ana@tienda.example\nBcc: victim@example.com" }),
      contactBody({ name: "Ana\n" }),
    ]) {
      const result = await post("/api/contact", body);
      expect(result.status).toBe(400);
      expect(result.body.error.fields[0].code).toBe("invalid_characters");
    }
    const list = await adminList("?section=leads&limit=200");
    expect(list.leads!.items.some((lead) => /victim/.test(lead.email) || /\n/.test(lead.name ?? ""))).toBe(false);
  });

  it.each(EMAILJS_FAILURES)(
    "EmailJS %s: the lead is kept as failed (%s), the visitor gets success, a retry sends it once",
    async (behaviour, code, retryable) => {
      fake.behave(behaviour);
      const body = contactBody();
      const result = await post("/api/contact", body);
      expect(result.status).toBe(201);
      expect(result.body).toEqual({ status: "received" });

      const failed = await leadFor(body.email);
      expect(failed.delivery).toMatchObject({ state: "failed", attempts: 1, lastError: code });
      expect(mailsFor(failed.id)).toHaveLength(0);
      fake.behave("ok");

      if (retryable) {
        // Not before the back-off: the job leaves it alone...
        await retryDeliveries(server.deps);
        expect(mailsFor(failed.id)).toHaveLength(0);
        expect(failed.delivery.nextAttemptAt).toBe(new Date(server.clock.now.getTime() + 60_000).toISOString());
        // ...after it, the job sends it.
        server.clock.advance(61_000);
        await retryDeliveries(server.deps);
      } else {
        // A permanent failure waits for an administrator (after fixing the configuration).
        expect(failed.delivery.nextAttemptAt).toBeUndefined();
        server.clock.advance(24 * 3600_000);
        await retryDeliveries(server.deps);
        expect(mailsFor(failed.id)).toHaveLength(0);
        const retried = await retry(failed.id);
        expect(retried.status).toBe(200);
        expect(retried.body).toMatchObject({
          delivered: true,
          lead: { id: failed.id, delivery: { state: "sent", attempts: 2 } },
        });
      }
      expect(mailsFor(failed.id)).toHaveLength(1);
      expect((await leadFor(body.email)).delivery).toMatchObject({ state: "sent", attempts: 2 });

      // Retrying again, by hand or by the job, never sends a second mail.
      const again = await retry(failed.id);
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe("already_sent");
      server.clock.advance(24 * 3600_000);
      await retryDeliveries(server.deps);
      expect(mailsFor(failed.id)).toHaveLength(1);
    },
  );

  it("a retry that fails again stays failed, with the next back-off", async () => {
    const { lead } = await leadWithFailedMail();
    const retried = await retry(lead.id);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({
      delivered: false,
      error: "provider_throttled",
      lead: { delivery: { state: "failed", attempts: 2 } },
    });
    expect(retried.body.lead.delivery.nextAttemptAt).toBe(
      new Date(server.clock.now.getTime() + 5 * 60_000).toISOString(),
    );
  });

  it("concurrent retries (admin and job together) send a failed lead exactly once", async () => {
    fake.behave(451);
    const body = contactBody();
    await post("/api/contact", body);
    const lead = await leadFor(body.email);
    expect(lead.delivery.state).toBe("failed");
    // Slow answers, so every retry below is in flight at the same time.
    fake.behave("ok", 150);
    server.clock.advance(10 * 60_000);
    const results = await Promise.all([
      retry(lead.id),
      retry(lead.id),
      retry(lead.id),
      retryDeliveries(server.deps),
      retryDeliveries(server.deps),
      retry(lead.id),
    ]);
    expect(mailsFor(lead.id)).toHaveLength(1);
    // Not merely one success: the provider was called once for this lead, by whichever won the claim.
    const calls = fake.calls.filter(
      (call) => (call.body.template_params as Record<string, string>).lead_id === lead.id,
    );
    expect(calls.map((call) => call.answered)).toEqual([451, "ok"]);
    const answers = results.filter((r): r is Awaited<ReturnType<typeof retry>> => "status" in r);
    expect(answers.filter((r) => r.status === 200 && r.body.delivered).length).toBeLessThanOrEqual(1);
    for (const answer of answers.filter((r) => r.status !== 200)) {
      expect(answer.status).toBe(409);
      expect(["delivery_in_progress", "already_sent"]).toContain(answer.body.error.code);
    }
    expect((await leadFor(body.email)).delivery.state).toBe("sent");
  });

  it("a sender that crashed mid-send holds the lead until its lease lapses, then the job sends it once", async () => {
    const { body, lead } = await leadWithFailedMail();
    fake.behave("ok");
    server.clock.advance(2 * 60_000);
    // A sender claims the lead, then dies before sending or recording anything.
    const claim = await (await server.deps.leads()).claim(lead.id, server.clock.now);
    expect(claim?.lead.delivery.state).toBe("sending");
    expect(await (await server.deps.leads()).claim(lead.id, server.clock.now, { force: true })).toBeUndefined();
    expect((await retry(lead.id)).body.error.code).toBe("delivery_in_progress");
    await retryDeliveries(server.deps);
    expect(mailsFor(lead.id)).toHaveLength(0);

    server.clock.advance(2 * 60_000 + 1000);
    const summary = await retryDeliveries(server.deps);
    expect(summary.sent).toBeGreaterThanOrEqual(1);
    expect(mailsFor(lead.id)).toHaveLength(1);
    // The crashed sender, were it to wake up and fail, cannot overwrite the success.
    expect(
      await (
        await server.deps.leads()
      ).markFailed(claim!, server.clock.now, {
        code: "timeout",
        detail: "late",
        retryable: true,
      }),
    ).toBeUndefined();
    expect((await leadFor(body.email)).delivery).toMatchObject({ state: "sent", attempts: 3 });
  });

  it("a filled honeypot is answered like a success, stored as spam and never mailed", async () => {
    const real = await post("/api/contact", contactBody());
    const body = contactBody({ website: "http://cheap-pills.example" });
    // Other tests' leads may fall due meanwhile: count only mails about this visitor.
    const mailsAboutSpam = () =>
      fake.calls.filter((call) => (call.body.template_params as Record<string, string>).from_email === body.email)
        .length;
    const spam = await post("/api/contact", body);
    expect(spam.status).toBe(real.status);
    expect(spam.body).toEqual(real.body);
    expect(mailsAboutSpam()).toBe(0);

    const stored = await leadFor(body.email, "spam");
    expect(stored.delivery).toEqual({ state: "spam", attempts: 0 });
    expect((await adminList("?section=leads&limit=200")).leads!.items.some((lead) => lead.email === body.email)).toBe(
      false,
    );
    expect((await retry(stored.id)).body.error.code).toBe("spam");
    server.clock.advance(24 * 3600_000);
    await retryDeliveries(server.deps);
    expect(mailsAboutSpam()).toBe(0);
  });

  it("limits a client to five posts an hour: the sixth gets 429 with Retry-After, after the window it is accepted", async () => {
    const client = newClient();
    // An invalid post is refused before it is counted.
    expect((await post("/api/contact", { kind: "contact" }, client)).status).toBe(400);
    for (let i = 0; i < 5; i++) expect((await post("/api/contact", contactBody(), client)).status).toBe(201);
    const sixth = await post("/api/contact", contactBody(), client);
    expect(sixth.status).toBe(429);
    expect(sixth.body.error.code).toBe("too_many_requests");
    expect(Number(sixth.headers.get("retry-after"))).toBe(3600);
    // Spam counts as well (a bot cannot fill the table), and another client is not affected.
    expect((await post("/api/contact", contactBody({ website: "x" }), client)).status).toBe(429);
    expect((await post("/api/contact", contactBody())).status).toBe(201);

    server.clock.advance(40 * 60_000);
    const later = await post("/api/contact", contactBody(), client);
    expect(later.status).toBe(429);
    expect(Number(later.headers.get("retry-after"))).toBe(20 * 60);
    server.clock.advance(20 * 60_000);
    expect((await post("/api/contact", contactBody(), client)).status).toBe(201);
  });
});

describe("POST /api/newsletter", () => {
  it("is idempotent: the same address twice (any case) is one subscriber, 200 both times, one mail", async () => {
    const client = newClient();
    const first = await post("/api/newsletter", { email: "News.Reader@Tienda.example", language: "en" }, client);
    const second = await post("/api/newsletter", { email: "news.reader@tienda.example" }, client);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);

    const subscribers = await adminSubscribers(server, await adminToken());
    const mine = subscribers.filter((s) => s.email === "news.reader@tienda.example");
    expect(mine).toHaveLength(1);
    // Still pending: the latest request's language is the one its confirmation is written in.
    expect(mine[0]!.language).toBe("es");
    expect(mailsFor(mine[0]!.leadId)).toHaveLength(1);
    const notice = (await adminList("?section=leads&limit=200")).leads!.items.filter(
      (lead) => lead.id === mine[0]!.leadId,
    );
    expect(notice).toHaveLength(1);
    expect(notice[0]).toMatchObject({ kind: "newsletter", delivery: { state: "sent" } });
  });

  it("concurrent subscriptions of one address send one mail", async () => {
    fake.behave("ok", 100);
    const email = "race@tienda.example";
    const results = await Promise.all(Array.from({ length: 4 }, () => post("/api/newsletter", { email })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const subscribers = await adminSubscribers(server, await adminToken());
    const mine = subscribers.filter((s) => s.email === email);
    expect(mine).toHaveLength(1);
    expect(mailsFor(mine[0]!.leadId)).toHaveLength(1);
  });

  it("a failed notice is retried; subscribing again does not mail twice", async () => {
    fake.behave("drop");
    const email = "flaky@tienda.example";
    expect((await post("/api/newsletter", { email })).status).toBe(200);
    const lead = await leadFor(email);
    expect(lead.delivery).toMatchObject({ state: "failed", lastError: "network_error" });
    fake.behave("ok");
    server.clock.advance(61_000);
    await retryDeliveries(server.deps);
    expect((await post("/api/newsletter", { email })).status).toBe(200);
    expect(mailsFor(lead.id)).toHaveLength(1);
  });

  it("a filled honeypot answers the same, subscribes nobody and mails nothing", async () => {
    const calls = fake.calls.length;
    const result = await post("/api/newsletter", { email: "bot@spam.example", website: "filled" });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ status: "subscribed" });
    expect(fake.calls.length).toBe(calls);
    const subscribers = await adminSubscribers(server, await adminToken());
    expect(subscribers.some((s) => s.email === "bot@spam.example")).toBe(false);
    expect((await leadFor("bot@spam.example", "spam")).kind).toBe("newsletter");
  });

  it("validates the address and limits each client", async () => {
    const bad = await post("/api/newsletter", { email: "not-an-address" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual([
      { field: "email", code: "invalid_email", message: "email must be an e-mail address" },
    ]);
    const client = newClient();
    for (let i = 0; i < 5; i++)
      expect((await post("/api/newsletter", { email: `limit${i}@tienda.example` }, client)).status).toBe(200);
    const sixth = await post("/api/newsletter", { email: "limit6@tienda.example" }, client);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("admin leads API", () => {
  it("requires a token", async () => {
    for (const [method, path] of [
      ["GET", "/api/admin/leads"],
      ["POST", "/api/admin/leads/some-id/retry"],
    ] as const) {
      const result = await server.api(method, path);
      expect(result.status).toBe(401);
      expect(result.body.error.code).toBe("missing_token");
      expect((await server.api(method, path, { token: "not-a-token" })).status).toBe(401);
    }
  });

  it("lists leads newest first with their delivery state, pages with a cursor, and hides the outbox when another transport is used", async () => {
    fake.behave(403);
    server.clock.advance(1000);
    await post("/api/contact", contactBody({ name: "Older" }));
    server.clock.advance(1000);
    fake.behave("ok");
    await post("/api/contact", contactBody({ name: "Newer" }));

    const all = await adminList();
    expect(all.transport).toBe("emailjs");
    expect(Object.keys(all).sort()).toEqual(["leads", "spam", "transport", "webhook"]);
    expect(all.webhook).toBe(false);
    // Subscribers are listed by GET /api/admin/subscribers alone.
    const subscribersSection = await server.api("GET", "/api/admin/leads?section=subscribers", {
      token: await adminToken(),
    });
    expect(subscribersSection.status).toBe(400);
    expect(subscribersSection.body.error.fields).toEqual([expect.objectContaining({ field: "section" })]);
    const [newer, older] = all.leads!.items;
    expect(newer).toMatchObject({ name: "Newer", delivery: { state: "sent" } });
    expect(older).toMatchObject({ name: "Older", delivery: { state: "failed", lastError: "provider_blocked" } });
    expect(older!.delivery.lastErrorDetail).toContain("403");
    const created = all.leads!.items.map((lead) => lead.createdAt);
    expect(created).toEqual([...created].sort().reverse());

    const first = await adminList("?section=leads&limit=1");
    expect(Object.keys(first).sort()).toEqual(["leads", "transport", "webhook"]);
    expect(first.leads!.items).toHaveLength(1);
    expect(first.leads!.nextCursor).toBeTruthy();
    const second = await adminList(`?section=leads&limit=1&cursor=${first.leads!.nextCursor}`);
    expect(second.leads!.items[0]!.id).toBe(older!.id);

    // Not JSON; a real position with an extra attribute; one with keys missing: 400, never a 500 from the store.
    const real = JSON.parse(Buffer.from(first.leads!.nextCursor!, "base64url").toString("utf8"));
    const forge = (key: object) => Buffer.from(JSON.stringify(key)).toString("base64url");
    for (const cursor of ["bm9wZQ", forge({ ...real, extra: "y" }), forge({ gsi1pk: real.gsi1pk })]) {
      const badCursor = await server.api("GET", `/api/admin/leads?section=leads&cursor=${cursor}`, {
        token: await adminToken(),
      });
      expect(badCursor.status).toBe(400);
      expect(badCursor.body.error.code).toBe("invalid_cursor");
    }
    const badSection = await server.api("GET", "/api/admin/leads?section=nope", { token: await adminToken() });
    expect(badSection.status).toBe(400);
    expect(badSection.body.error.fields[0]).toMatchObject({ field: "section", code: "invalid" });
    for (const [limit, code] of [
      ["0", "invalid"],
      ["1.5", "invalid"],
      ["diez", "invalid"],
      ["201", "too_long"],
    ]) {
      const badLimit = await server.api("GET", `/api/admin/leads?limit=${limit}`, { token: await adminToken() });
      expect(badLimit.status, limit).toBe(400);
      expect(badLimit.body.error.fields, limit).toEqual([expect.objectContaining({ field: "limit", code })]);
    }
  });

  it("answers 404 for an unknown lead", async () => {
    const result = await retry("no-such-lead");
    expect(result.status).toBe(404);
  });
});

describe("retry job (Lambda entry)", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.useRealTimers();
  });

  it("reads its configuration from the environment and sends what is due", async () => {
    const { lead } = await leadWithFailedMail();
    fake.behave("ok");
    const { config } = server.deps;
    for (const [name, value] of Object.entries(config)) if (value !== undefined) vi.stubEnv(name, String(value));
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(server.clock.now.getTime() + 3600_000));
    // Too little time left in the invocation: nothing is started, everything waits for the next run.
    const rushed = await retryJob({}, { getRemainingTimeInMillis: () => 3000 });
    expect(rushed.due).toBeGreaterThanOrEqual(1);
    expect(rushed).toMatchObject({ sent: 0, failed: 0, skipped: rushed.due });
    expect(mailsFor(lead.id)).toHaveLength(0);
    const summary = await retryJob({}, { getRemainingTimeInMillis: () => 60_000 });
    expect(summary.sent).toBeGreaterThanOrEqual(1);
    expect(mailsFor(lead.id)).toHaveLength(1);
  });
});
