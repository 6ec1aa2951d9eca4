import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { FakeEmailJs } from "@codcrm/core/test/fake-emailjs-server";
import type { Lead } from "@codcrm/core/lead/lead";
import { requestSend } from "@codcrm/core/article/article-send";
import { runMailJob } from "@codcrm/functions/jobs/mail-job";
import { deliveryRetryJob } from "@codcrm/functions/jobs/retry-deliveries";
import { articleSendJob } from "@codcrm/functions/jobs/send-articles";
import {
  confirmedSubscriber,
  createArticle,
  postContact,
  startEmailJsTestServer,
  storeFixture,
  type TestServer,
} from "./test-server.ts";

// The delivery jobs' reports, as CloudWatch receives them: one Embedded Metric Format line in the
// job's log after each run, from the real jobs on the real store (docs/decisions/0302-delivery-metrics.md).

let fake: FakeEmailJs;
let server: TestServer;
let token: string;

beforeAll(async () => {
  ({ server, fake } = await startEmailJsTestServer({ NEWSLETTER_SEND_RATE: "1000" }));
  token = await server.login();
});
afterAll(async () => {
  await server.close();
  await fake.close();
});

/** Runs a job as its Lambda handler does, on the server's store, and reads the metrics line it logged. */
async function runAndRead<T>(job: Parameters<typeof runMailJob<T>>[0], options: { deadline?: number } = {}) {
  vi.stubEnv("SST_STAGE", "prod");
  const log = vi.spyOn(console, "log").mockImplementation(() => {});
  try {
    const result = await runMailJob(job, server.deps, options);
    const lines = log.mock.calls.map((call) => String(call[0])).filter((line) => line.startsWith("{"));
    expect(lines).toHaveLength(1);
    return { result, metrics: JSON.parse(lines[0]!) as Record<string, unknown> };
  } finally {
    log.mockRestore();
  }
}

async function contact(email: string): Promise<Lead> {
  expect(await postContact(server, email)).toBe(201);
  const list = await server.api("GET", "/api/admin/leads?section=leads&limit=200", { token });
  return (list.body.leads.items as Lead[]).find((lead) => lead.email === email)!;
}

describe("the retry job's report (channel lead-mail)", () => {
  it("counts a lead the job gave up on as owed until it is delivered, with its age", async () => {
    // EmailJS refuses (400: not retried) one lead, and throttles (429: retried later) another.
    fake.behave(400);
    const refused = await contact("refused@tienda.example");
    expect(refused.delivery).toMatchObject({ state: "failed", lastError: "provider_rejected" });
    expect(refused.delivery.nextAttemptAt).toBeUndefined();
    server.clock.advance(5 * 60_000);
    fake.behave(429);
    const throttled = await contact("throttled@tienda.example");
    expect(throttled.delivery.nextAttemptAt).toBeDefined();

    // Forty minutes on, the job runs: the throttled one is due and EmailJS still throttles.
    server.clock.advance(40 * 60_000);
    const first = await runAndRead(deliveryRetryJob);
    expect(first.result).toMatchObject({ due: 1, sent: 0, failed: 1 });
    expect(first.metrics).toMatchObject({
      Stage: "prod",
      Channel: "lead-mail",
      // The throttled one waits for its next attempt: not due now.
      Pending: 0,
      Delivered: 0,
      // The one given up 45 minutes ago is still owed, and the oldest.
      OldestUndeliveredAge: 45 * 60,
    });
    expect((first.metrics._aws as { CloudWatchMetrics: { Namespace: string }[] }).CloudWatchMetrics[0]!.Namespace).toBe(
      "CodCRM/Delivery",
    );

    // EmailJS answers again: the job delivers the throttled one when due, an administrator the other.
    fake.behave("ok");
    server.clock.advance(10 * 60_000);
    const second = await runAndRead(deliveryRetryJob);
    expect(second.metrics).toMatchObject({ Pending: 0, Delivered: 1, OldestUndeliveredAge: 55 * 60 });
    const retried = await server.api("POST", `/api/admin/leads/${refused.id}/retry`, { token });
    expect(retried.body).toMatchObject({ delivered: true });
    const third = await runAndRead(deliveryRetryJob);
    expect(third.metrics).toMatchObject({ Pending: 0, Delivered: 0, OldestUndeliveredAge: 0 });
  });

  it("reads a lead given up before the owed list existed, and delivers it on an administrator's retry", async () => {
    // Stored by the code before decision 0302: given up, and out of the due index altogether.
    const [item] = await storeFixture(server, "lead-given-up-before-owed-list.json");
    const id = String(item!.id);
    const stored = await (await server.deps.leads()).get(id);
    expect(stored?.delivery).toMatchObject({ state: "failed", attempts: 8, lastError: "provider_unavailable" });
    // Never in the due index, so not in the metric: the admin's list shows it (docs/runbook.md).
    const age = (server.clock.now.getTime() - Date.parse(String(item!.createdAt))) / 1000;
    expect((await runAndRead(deliveryRetryJob)).metrics.OldestUndeliveredAge).toBeLessThan(age);
    fake.behave("ok");
    const retried = await server.api("POST", `/api/admin/leads/${id}/retry`, { token });
    expect(retried.body).toMatchObject({ delivered: true, lead: { delivery: { state: "sent" } } });
  });
});

describe("the article send job's report (channel article-mail)", () => {
  it("counts a due send as pending since it may start, and the mails a run sent", async () => {
    for (const name of ["uno", "dos", "tres"]) await confirmedSubscriber(server, `${name}@lectores.example`, "pt");
    const article = await createArticle(server, token, {
      title: "Envío medido",
      language: "pt",
      content: "Texto.",
      excerpt: "Resumo.",
      published: true,
    });
    // Asked as the admin's request asks (the local server would also start it at once: not here).
    await requestSend(await server.deps.articles(), await server.deps.articleSends(), article.id, server.clock.now);

    // A run whose time is up before it starts: nothing sent, the send still due.
    server.clock.advance(20 * 60_000);
    const late = await runAndRead(articleSendJob, { deadline: Date.now() - 1 });
    expect(late.metrics).toMatchObject({
      Channel: "article-mail",
      Pending: 1,
      Delivered: 0,
      OldestUndeliveredAge: 20 * 60,
    });

    const run = await runAndRead(articleSendJob);
    expect(run.result.ran).toEqual({ [article.id]: "done" });
    expect(run.metrics).toMatchObject({ Pending: 0, Delivered: 3, OldestUndeliveredAge: 0 });
  });
});
