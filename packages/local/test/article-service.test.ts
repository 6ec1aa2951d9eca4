import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Article } from "@codcrm/core/article/article";
import { ArticleChanges, type ArticleChange, type ArticleObserver } from "@codcrm/core/article/article-changes";
import { ArticleService } from "@codcrm/core/article/article-service";
import { deleteArticle } from "@codcrm/core/article/delete-article";
import { noCdn } from "@codcrm/core/web/cdn-invalidation";
import { createArticle, signedInServer, type TestServer } from "./test-server.ts";

// The article service over the real repository and media records on the embedded store: what
// it tells observers of article changes (docs/decisions/0111-one-article-service.md).

let server: TestServer;
let token: string;

beforeAll(async () => ({ server, token } = await signedInServer()));
afterAll(() => server.close());

type Edit = Extract<ArticleChange, { before: Article; article: Article }>;

/** An observer that writes down what it is told, in order. */
function recorder() {
  const told: string[] = [];
  const changes: ArticleChange[] = [];
  const observer: ArticleObserver = {
    name: "recorder",
    async changed(change) {
      changes.push(change);
      told.push(`${change.kind}`);
    },
    async published(article, visibleFrom) {
      told.push(`published ${article.title} from ${visibleFrom.toISOString()}`);
    },
  };
  return { told, changes, observer };
}

async function service(observers: ArticleObserver[], log?: (message: string, error: unknown) => void) {
  const changes = new ArticleChanges(async () => noCdn, observers, log);
  const store = await server.deps.articles();
  const media = await server.deps.mediaRecords();
  return { service: new ArticleService({ store, media, changes, clock: server.deps.clock }), changes, store };
}

describe("the article service", () => {
  it("tells observers what each write did, with the article before and after, and when it is published", async () => {
    const { told, changes, observer } = recorder();
    const { service: articles, changes: notifier, store } = await service([observer]);
    const at = () => server.clock.now.toISOString();

    const draft = await articles.create({ title: "Observada", content: "Uno." });
    expect(told).toEqual(["created"]);

    server.clock.advance(1000);
    const published = await articles.update(draft.id, {
      title: "Observada",
      content: "Dos.",
      published: true,
      version: 1,
    });
    expect(told.slice(1)).toEqual(["updated", `published Observada from ${at()}`]);

    server.clock.advance(1000);
    await articles.update(draft.id, { title: "Observada otra vez", content: "Dos.", published: true, version: 2 });
    // Still published from before: a title change, no new publication.
    expect(told.slice(3)).toEqual(["updated"]);
    const retitled = changes.at(-1) as Edit;
    expect([retitled.before.title, retitled.article.title]).toEqual(["Observada", "Observada otra vez"]);
    expect(retitled.before.version).toBe(published.version);

    server.clock.advance(1000);
    await articles.restore(draft.id, 1, 3);
    expect(told.slice(4)).toEqual(["restored"]);
    expect((changes.at(-1) as Edit).article).toMatchObject({
      title: "Observada",
      content: "Uno.",
      published: true,
      version: 4,
    });

    // Scheduled: the publication is told at the save, with the time visitors will see it.
    const publishAt = new Date(server.clock.now.getTime() + 86_400_000).toISOString();
    await articles.create({ title: "Programada", content: "Mañana.", published: true, publishAt });
    expect(told.slice(5)).toEqual(["created", `published Programada from ${publishAt}`]);

    await deleteArticle(store, notifier, draft.id, server.clock.now);
    const deleted = changes.at(-1) as Extract<ArticleChange, { kind: "deleted" }>;
    expect(deleted.kind).toBe("deleted");
    expect(deleted.before).toMatchObject<Partial<Article>>({ id: draft.id, version: 4 });
  });

  it("keeps the write when an observer fails, and says so in the log", async () => {
    const log = vi.fn();
    const failing: ArticleObserver = {
      name: "failing observer",
      async changed() {
        throw new Error("mail provider down");
      },
    };
    const { told, observer } = recorder();
    const { service: articles, store } = await service([failing, observer], log);
    const article = await articles.create({ title: "A pesar del fallo", content: "x", published: true });
    expect(await store.getById(article.id)).toMatchObject({ title: "A pesar del fallo", published: true });
    // The next observer still runs.
    expect(told).toEqual(["created", `published A pesar del fallo from ${server.clock.now.toISOString()}`]);
    expect(log).toHaveBeenCalledWith(expect.stringContaining("failing observer"), expect.any(Error));
  });

  it("validates what it is given with the form's schema, naming the field", async () => {
    const { service: articles } = await service([]);
    await expect(articles.create({ title: "", content: "x" })).rejects.toMatchObject({
      status: 400,
      fields: [expect.objectContaining({ field: "title" })],
    });
    await expect(articles.create(undefined)).rejects.toMatchObject({ status: 400, code: "missing_body" });
  });

  it("a restore is a save: a published article gets no image without alt text from an old revision", async () => {
    const { id } = await createArticle(server, token, {
      title: "Sin alternativa",
      content: "![](https://images.example.com/a.png)",
    });
    const published = await server.api("PUT", `/api/admin/articles/${id}`, {
      token,
      body: {
        title: "Sin alternativa",
        content: "![Una caja](https://images.example.com/a.png)",
        published: true,
        version: 1,
      },
    });
    expect(published.status).toBe(200);

    const restored = await server.api("POST", `/api/admin/articles/${id}/revisions/1/restore`, {
      token,
      body: { version: 2 },
    });
    expect(restored.status).toBe(400);
    expect(restored.body.error).toMatchObject({
      code: "validation_failed",
      fields: [expect.objectContaining({ field: "content", code: "image_alt_missing" })],
    });
    const current = await server.api("GET", `/api/articles/${id}`);
    expect(current.body.article).toMatchObject({
      version: 2,
      content: "![Una caja](https://images.example.com/a.png)",
    });
  });
});
