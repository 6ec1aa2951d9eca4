import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Article } from "@codcrm/core/article/article";
import { ArticleSendRepository } from "@codcrm/core/db/article-send-repository";
import type { Subscriber } from "@codcrm/core/lead/lead";
import { ArticleSender, type SendTimer } from "@codcrm/core/article/article-send-job";
import { requestSend } from "@codcrm/core/article/article-send";
import { signUnsubscribeToken } from "@codcrm/core/lead/newsletter-tokens.server";
import type { Language } from "@codcrm/core/site/languages";
import { DeliveryFailure, type MailMessage, type MailTransport } from "@codcrm/core/mail/mail-transport";
import type { OutboxMessage } from "@codcrm/core/mail/outbox";
import { newsletterStrings } from "@codcrm/functions/lead/newsletter-strings";
import { createArticle, sendArticleAndWait, signedInServer, type TestServer } from "./test-server.ts";

// Sending an article to the confirmed subscribers of its language, on the real store
// (docs/decisions/0163-article-sends.md): through the real handlers (the local server runs the
// job in-process after the request), and the job itself with transports that count, fail or
// stop, to see each subscriber mailed at most once and none forgotten.

let server: TestServer;
let token: string;

beforeAll(async () => {
  ({ server, token } = await signedInServer({ env: { NEWSLETTER_SEND_RATE: "1000" } }));
});
afterAll(() => server.close());

let subscribers = 0;

/** Confirmed subscribers stored as the double opt-in stores them: pending, then confirmed. */
async function confirmed(language: Language, count: number, prefix: string): Promise<string[]> {
  const subscriptions = await server.deps.subscriptions();
  const emails: string[] = [];
  for (let i = 0; i < count; i++) {
    const email = `${prefix}-${language}-${++subscribers}@lectores.example`;
    await storeSubscriber(email, language);
    expect(await subscriptions.confirm(email, "nonce", server.clock.now)).toBe(true);
    emails.push(email);
  }
  return emails;
}

async function storeSubscriber(email: string, language: Language): Promise<void> {
  const subscriber: Subscriber = {
    email,
    language,
    createdAt: new Date(server.clock.now.getTime() + subscribers).toISOString(),
    leadId: `newsletter-${subscribers}`,
    state: "pending",
  };
  expect(await (await server.deps.subscriptions()).createPending(subscriber, "nonce", 2_000_000_000)).toBe(true);
}

function published(title: string, language: Language, extra: Record<string, unknown> = {}) {
  return createArticle(server, token, {
    title,
    language,
    content: `Primer párrafo de ${title}.\n\nVea [precios](/${language}/precios) y [la sección](#seccion).`,
    excerpt: `Lo que cuenta ${title}.`,
    categories: [],
    published: true,
    ...extra,
  });
}

/** A transport that records every call (the outbox would keep one copy per key and hide a second). */
class CountingTransport implements MailTransport {
  readonly name = "outbox";
  readonly calls: string[] = [];
  private attempts = 0;
  constructor(private readonly failWith?: (attempt: number) => Error | undefined) {}
  async send(message: MailMessage): Promise<{ providerId?: string }> {
    const failure = this.failWith?.(++this.attempts);
    if (failure) throw failure;
    this.calls.push(message.to!);
    return {};
  }
}

async function sender(transport: MailTransport, options: { timer?: SendTimer; rate?: number; pageSize?: number } = {}) {
  return new ArticleSender(await server.deps.articles(), await server.deps.articleSends(), transport, {
    siteUrl: server.deps.config.SITE_URL,
    rate: options.rate ?? 1000,
    clock: server.deps.clock,
    strings: newsletterStrings,
    signUnsubscribe: (email) => signUnsubscribeToken(email, server.deps.config.JWT_SECRET),
    timer: options.timer,
    pageSize: options.pageSize ?? 7,
    log: () => {},
  });
}

async function ask(article: Article): Promise<void> {
  await requestSend(await server.deps.articles(), await server.deps.articleSends(), article.id, server.clock.now);
}

function times(calls: string[]): Map<string, number> {
  const count = new Map<string, number>();
  for (const to of calls) count.set(to, (count.get(to) ?? 0) + 1);
  return count;
}

describe("sending an article through the API", () => {
  it("reaches exactly the confirmed subscribers of the article's language, once each", async () => {
    const english = await confirmed("en", 30, "api");
    const spanish = await confirmed("es", 30, "api");
    // Neither a pending nor an unsubscribed English reader gets it.
    await storeSubscriber("pending-en@lectores.example", "en");
    const [leaving] = await confirmed("en", 1, "leaving");
    await (await server.deps.subscriptions()).unsubscribe(leaving!, server.clock.now);

    const article = await published("Cómo cobrar contra reembolso", "en");
    const before = await server.api("GET", `/api/admin/articles/${article.id}/send`, { token });
    expect(before).toMatchObject({ status: 200, body: { recipients: 30, language: "en" } });
    expect(before.body.send).toBeUndefined();

    const done = await sendArticleAndWait(server, token, article.id);
    expect(done).toMatchObject({ state: "done", queued: 0, sent: 30, failed: 0, skipped: 0 });

    const outbox = await server.api("GET", "/api/admin/leads?section=outbox&limit=200", { token });
    const mails = (outbox.body.outbox.items as OutboxMessage[]).filter((m) => m.subject === article.title);
    expect(mails.map((m) => m.to).sort()).toEqual([...english].sort());
    expect(mails.every((m) => !spanish.includes(m.to!))).toBe(true);
    const claims = await (await server.deps.articleSends()).countClaims(article.id);
    expect(claims).toEqual({ sent: 30, failed: 0, skipped: 0 });

    // Asking again sends nothing more.
    const again = await server.api("POST", `/api/admin/articles/${article.id}/send`, { token });
    expect(again).toMatchObject({ status: 202, body: { send: { state: "done", sent: 30 } } });
  });

  it("refuses a draft with 409 article_draft, and an unknown article with 404", async () => {
    const draft = await createArticle(server, token, {
      title: "Borrador sin publicar",
      language: "en",
      content: "Texto.",
      excerpt: "",
      categories: [],
      published: false,
    });
    const refused = await server.api("POST", `/api/admin/articles/${draft.id}/send`, { token });
    expect(refused).toMatchObject({ status: 409, body: { error: { code: "article_draft" } } });
    expect((await server.api("POST", "/api/admin/articles/nope/send", { token })).status).toBe(404);
    expect((await server.api("GET", "/api/admin/articles/nope/send", { token })).status).toBe(404);
    expect((await server.api("POST", `/api/admin/articles/${draft.id}/send`, {})).status).toBe(401);
  });

  it("sends a scheduled article when it goes live, never before", async () => {
    const english = await confirmed("pt", 3, "scheduled");
    const publishAt = new Date(server.clock.now.getTime() + 3 * 3600_000).toISOString();
    const article = await published("Artigo agendado", "pt", { publishAt });
    const asked = await server.api("POST", `/api/admin/articles/${article.id}/send`, { token });
    expect(asked).toMatchObject({ status: 202, body: { send: { state: "waiting", notBefore: publishAt } } });

    const transport = new CountingTransport();
    const job = await sender(transport);
    expect(await job.run(article.id)).toEqual({ result: "idle" });
    expect(await job.runDue()).not.toHaveProperty(article.id);
    expect(transport.calls).toEqual([]);

    // The schedule moves: the send moves with it (the publish path, decision 0111).
    const later = new Date(server.clock.now.getTime() + 5 * 3600_000).toISOString();
    const moved = await server.api("PUT", `/api/admin/articles/${article.id}`, {
      token,
      body: { ...article, publishAt: later, categories: [] },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    server.clock.advance(4 * 3600_000);
    expect(await job.runDue()).not.toHaveProperty(article.id);
    expect(transport.calls).toEqual([]);

    server.clock.advance(3600_000);
    expect(await job.runDue()).toMatchObject({ [article.id]: "done" });
    expect(transport.calls.filter((to) => english.includes(to)).sort()).toEqual([...english].sort());
  });
});

describe("the sending job", () => {
  let readers: string[];
  beforeAll(async () => {
    readers = [...(await confirmed("es", 20, "job")), ...(await confirmed("pt", 3, "job"))];
  });

  it("run again after it stopped mid-way, sends each remaining mail exactly once", async () => {
    const article = await published("Envíos que se reanudan", "es");
    await ask(article);
    const recipients = await (await server.deps.articleSends()).countConfirmed("es");
    expect(recipients).toBeGreaterThanOrEqual(20);

    // The process dies after 11 mails: the 12th call throws something no provider would.
    const first = new CountingTransport((n) => (n === 12 ? new Error("killed") : undefined));
    await expect((await sender(first)).run(article.id)).rejects.toThrow("killed");
    expect(first.calls).toHaveLength(11);
    const paused = (await (await server.deps.articleSends()).get(article.id))!;
    expect(paused).toMatchObject({ state: "sending", sent: 11 });

    const second = new CountingTransport();
    expect(await (await sender(second)).run(article.id)).toEqual({
      result: "done",
      counts: { sent: recipients, failed: 0, skipped: 0 },
    });
    expect(second.calls).toHaveLength(recipients - 11);
    const all = times([...first.calls, ...second.calls]);
    expect(all.size).toBe(recipients);
    expect([...all.values()].every((n) => n === 1)).toBe(true);

    // Done is done: another run sends nothing.
    const third = new CountingTransport();
    expect(await (await sender(third)).run(article.id)).toEqual({ result: "idle" });
    expect(third.calls).toEqual([]);
  });

  it("never mails twice when two runs race, and never resends a mail whose run died after claiming it", async () => {
    const article = await published("Dos envíos a la vez", "es");
    await ask(article);
    const store = await server.deps.articleSends();
    const recipients = await store.countConfirmed("es");
    // A run that died between its claim and the provider's answer: its lease lapses.
    const first = readers[0]!;
    const dead = await store.takeRun(article.id, server.clock.now, 1000);
    expect(dead).toBeDefined();
    expect(await store.claim(article.id, first, server.clock.now)).toBe(true);
    server.clock.advance(2000);

    const a = new CountingTransport();
    const b = new CountingTransport();
    const [ra, rb] = await Promise.all([(await sender(a)).run(article.id), (await sender(b)).run(article.id)]);
    // One run took the send; the other found it held.
    expect([ra.result, rb.result].sort()).toEqual(["done", "idle"]);
    const all = times([...a.calls, ...b.calls]);
    expect(all.has(first)).toBe(false);
    expect(all.size).toBe(recipients - 1);
    expect([...all.values()].every((n) => n === 1)).toBe(true);
    expect((await store.get(article.id))!).toMatchObject({
      state: "done",
      sent: recipients - 1,
      skipped: 1,
      failed: 0,
    });
  });

  it("records a refused mail as failed and goes on; pauses when the provider throttles and resumes", async () => {
    const article = await published("Fallos del proveedor", "es");
    await ask(article);
    const recipients = await (await server.deps.articleSends()).countConfirmed("es");
    const refusing = new CountingTransport((n) =>
      n === 3 ? new DeliveryFailure("provider_rejected", "MessageRejected: bad address") : undefined,
    );
    const throttled = new CountingTransport((n) =>
      n === 5 ? new DeliveryFailure("provider_throttled", "TooManyRequestsException") : undefined,
    );
    // The refusal is recorded; the throttling pauses the run with that mail given back.
    let calls = 0;
    const combined: MailTransport = {
      name: "outbox",
      async send(message) {
        calls++;
        return calls <= 4 ? refusing.send(message) : throttled.send(message);
      },
    };
    const outcome = await (await sender(combined)).run(article.id);
    expect(outcome.result).toBe("paused");
    expect((await (await server.deps.articleSends()).get(article.id))!.lastError).toContain("provider_throttled");

    const rest = new CountingTransport();
    expect(await (await sender(rest)).run(article.id)).toMatchObject({
      result: "done",
      counts: { sent: recipients - 1, failed: 1, skipped: 0 },
    });
    const all = times([...refusing.calls, ...throttled.calls, ...rest.calls]);
    expect(all.size).toBe(recipients - 1);
    expect([...all.values()].every((n) => n === 1)).toBe(true);
  });

  it("keeps to the send rate", async () => {
    const article = await published("Al ritmo de SES", "pt");
    await ask(article);
    const recipients = await (await server.deps.articleSends()).countConfirmed("pt");
    // A clock the job moves by sleeping: what it waited is what the rate asks, with no real wait.
    let now = 0;
    const starts: number[] = [];
    const timer: SendTimer = {
      now: () => now,
      sleep: async (ms) => {
        now += ms;
      },
    };
    const transport: MailTransport = {
      name: "outbox",
      async send() {
        starts.push(now);
        return {};
      },
    };
    await (await sender(transport, { timer, rate: 10 })).run(article.id);
    expect(starts).toHaveLength(recipients);
    for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(100);
  });
});

describe("ArticleSendRepository", () => {
  it("claims a subscriber's mail of an article once", async () => {
    const store = new ArticleSendRepository(await server.deps.db(), server.deps.config.TABLE_NAME);
    expect(await store.claim("article-x", "uno@lectores.example", server.clock.now)).toBe(true);
    expect(await store.claim("article-x", "uno@lectores.example", server.clock.now)).toBe(false);
    expect(await store.claim("article-y", "uno@lectores.example", server.clock.now)).toBe(true);
  });
});
