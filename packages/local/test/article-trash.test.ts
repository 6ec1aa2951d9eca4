import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eraseExpiredTrash } from "@codcrm/functions/jobs/erase-trash";
import {
  createArticle,
  createPublished,
  createTranslation,
  signedInServer,
  storeFixture,
  type TestServer,
} from "./test-server.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
let server: TestServer;
let token: string;
beforeAll(async () => ({ server, token } = await signedInServer()));
afterAll(() => server.close());

const trash = (id: string) => server.api("DELETE", `/api/admin/articles/${id}`, { token });
const restore = (id: string) => server.api("POST", `/api/admin/trash/${id}/restore`, { token });
const trashed = async () => (await server.api("GET", "/api/admin/trash", { token })).body.articles as { id: string }[];
const listed = async () =>
  (await server.api("GET", "/api/admin/articles?limit=200", { token })).body.articles as {
    id: string;
    translations: { id: string; language: string }[];
  }[];
/** Whether visitors can read the article at its slug (the page itself shows another one in its place). */
const page = async (slugPath: string) =>
  (await server.api("GET", `/api/articles/${slugPath.replace(/^\/es\/blog\//, "")}`)).status;

describe("deleting moves an article to the trash (docs/decisions/0450-article-trash.md)", () => {
  it("for 30 days, out of every list and page, then restorable as a draft with its history", async () => {
    const article = await createPublished(server, token, { title: "Papelera uno", content: "Primera versión." });
    server.clock.advance(60_000);
    const edited = await server.api("PUT", `/api/admin/articles/${article.id}`, {
      token,
      body: { title: "Papelera uno", excerpt: "Resumen.", content: "Segunda versión.", published: true, version: 1 },
    });
    expect(edited.status).toBe(200);
    expect(await page(`/es/blog/${article.slug}`)).toBe(200);

    expect((await trash(article.id)).status).toBe(204);
    // Gone for visitors and for the list; the trash has it, with its erase date.
    expect(await page(`/es/blog/${article.slug}`)).toBe(404);
    expect((await server.api("POST", `/api/articles/${article.id}/views`)).status).toBe(404);
    expect((await listed()).map((a) => a.id)).not.toContain(article.id);
    const [inTrash] = await trashed();
    expect(inTrash).toMatchObject({
      id: article.id,
      title: "Papelera uno",
      published: true,
      version: 2,
      trashedAt: server.clock.now.toISOString(),
      erasesAt: new Date(server.clock.now.getTime() + 30 * DAY_MS).toISOString(),
    });
    // Nothing edits it there; deleting it again finds nothing.
    const stale = await server.api("PUT", `/api/admin/articles/${article.id}`, {
      token,
      body: { title: "Otro", excerpt: "R.", content: "T.", version: 2 },
    });
    expect(stale.status).toBe(404);
    expect((await trash(article.id)).status).toBe(404);

    server.clock.advance(29 * DAY_MS);
    token = await server.login();
    const back = await restore(article.id);
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({
      detached: false,
      article: { id: article.id, slug: article.slug, published: false, version: 3, content: "Segunda versión." },
    });
    expect(await trashed()).toEqual([]);
    expect((await listed()).map((a) => a.id)).toContain(article.id);
    // Its history came back with it: the versions before, the one it had in the trash among them.
    const revisions = await server.api("GET", `/api/admin/articles/${article.id}/revisions`, { token });
    expect(revisions.body.revisions.map((r: { version: number }) => r.version)).toEqual([2, 1]);
    // A draft again: published once more only when the administrator says so.
    expect(await page(`/es/blog/${article.slug}`)).toBe(404);
  });

  it("keeps its translations' links while there, and gives them back on restore", async () => {
    const es = await createPublished(server, token, { title: "Grupo en papelera", content: "Texto." });
    const en = await createTranslation(server, token, es, "Group in the trash", { published: true });
    expect((await trash(en.id)).status).toBe(204);
    // The Spanish version lists no English one, publicly or in the admin.
    expect((await listed()).find((a) => a.id === es.id)?.translations).toEqual([]);
    const esPage = await (await fetch(`${server.url}/es/blog/${es.slug}`)).text();
    expect(esPage).not.toContain(`hreflang="en"`);

    const back = await restore(en.id);
    expect(back.body.detached).toBe(false);
    expect((await listed()).find((a) => a.id === es.id)?.translations).toEqual([
      expect.objectContaining({ id: en.id, language: "en" }),
    ]);
  });

  it("comes back on its own when its group has another article in its language by then", async () => {
    const es = await createPublished(server, token, { title: "Grupo ocupado", content: "Texto." });
    const en = await createTranslation(server, token, es, "First English");
    expect((await trash(en.id)).status).toBe(204);
    // The claim of a trashed article is free once old enough not to belong to a save under way.
    server.clock.advance(2 * 60_000);
    const second = await createTranslation(server, token, es, "Second English");
    const back = await restore(en.id);
    expect(back.status).toBe(200);
    expect(back.body.detached).toBe(true);
    const all = await listed();
    expect(all.find((a) => a.id === es.id)?.translations.map((t) => t.id)).toEqual([second.id]);
    expect(all.find((a) => a.id === en.id)?.translations).toEqual([]);
  });

  it("is erased with everything it holds after 30 days, by the job, and read as gone before the job runs", async () => {
    const article = await createPublished(server, token, { title: "Caduca en la papelera", content: "Texto." });
    expect((await trash(article.id)).status).toBe(204);
    server.clock.advance(30 * DAY_MS);
    token = await server.login();
    // Past its 30 days: the trash no longer shows it and it cannot come back, erased or not.
    expect((await trashed()).map((a) => a.id)).not.toContain(article.id);
    expect((await restore(article.id)).status).toBe(404);

    expect(await eraseExpiredTrash(server.deps)).toBeGreaterThanOrEqual(1);
    const store = await server.deps.articles();
    expect(await store.listRevisions(article.id).catch((error: { status: number }) => error.status)).toBe(404);
    // Its slug is free for a new article.
    const again = await createArticle(server, token, { title: "Caduca en la papelera", content: "Otro." });
    expect(again.slug).toBe(article.slug);
  });

  it("erases one article, or empties the whole trash, at once", async () => {
    const one = await createPublished(server, token, { title: "Borrar definitivamente", content: "Texto." });
    const two = await createPublished(server, token, { title: "Vaciar papelera", content: "Texto." });
    expect((await trash(one.id)).status).toBe(204);
    expect((await trash(two.id)).status).toBe(204);
    expect((await server.api("DELETE", `/api/admin/trash/${one.id}`, { token })).status).toBe(204);
    expect((await server.api("DELETE", `/api/admin/trash/${one.id}`, { token })).status).toBe(404);
    // An article not in the trash is never erased from here.
    const live = await createPublished(server, token, { title: "No está en la papelera", content: "Texto." });
    expect((await server.api("DELETE", `/api/admin/trash/${live.id}`, { token })).status).toBe(404);
    expect(await page(`/es/blog/${live.slug}`)).toBe(200);

    const emptied = await server.api("DELETE", "/api/admin/trash", { token });
    expect(emptied.status).toBe(200);
    expect(emptied.body.erased).toBeGreaterThanOrEqual(1);
    expect(await trashed()).toEqual([]);
    expect((await restore(two.id)).status).toBe(404);
  });

  it("takes an article stored before the trash existed, and gives it back", async () => {
    await storeFixture(server, "article-before-canonical-url.json");
    const id = "1764000000000abcd";
    expect((await trash(id)).status).toBe(204);
    expect((await trashed()).map((a) => a.id)).toContain(id);
    const back = await restore(id);
    expect(back.status).toBe(200);
    expect(back.body.article).toMatchObject({ id, slug: "guardado-antes-de-la-url-canonica", version: 3 });
    const revisions = await server.api("GET", `/api/admin/articles/${id}/revisions`, { token });
    expect(revisions.body.revisions.map((r: { version: number }) => r.version)).toEqual([2, 1]);
  });
});

describe("the list's bulk actions", () => {
  it("publish, unpublish and trash several articles, each as its own save, and say which failed", async () => {
    const drafts = await Promise.all(
      ["Lote uno", "Lote dos", "Lote tres"].map((title) => createArticle(server, token, { title, content: "Texto." })),
    );
    const ids = drafts.map((d) => d.id);
    const published = await server.api("POST", "/api/admin/articles/bulk", {
      token,
      body: { action: "publish", ids: [...ids, "no-such-article"] },
    });
    expect(published.status).toBe(200);
    expect(published.body.results).toEqual([
      ...ids.map((id) => ({ id, ok: true, article: expect.objectContaining({ id, published: true, version: 2 }) })),
      { id: "no-such-article", ok: false, status: 404, code: "not_found", message: expect.any(String) },
    ]);
    for (const draft of drafts) expect(await page(`/es/blog/${draft.slug}`)).toBe(200);

    const unpublished = await server.api("POST", "/api/admin/articles/bulk", {
      token,
      body: { action: "unpublish", ids: [ids[0]] },
    });
    expect(unpublished.body.results[0].article.published).toBe(false);
    expect(await page(`/es/blog/${drafts[0].slug}`)).toBe(404);

    const moved = await server.api("POST", "/api/admin/articles/bulk", { token, body: { action: "trash", ids } });
    expect(moved.body.results).toEqual(ids.map((id) => ({ id, ok: true })));
    expect((await trashed()).map((a) => a.id)).toEqual(expect.arrayContaining(ids));
  });

  it("publishes nothing a save would refuse: an image without alt text", async () => {
    const draft = await createArticle(server, token, {
      title: "Lote sin texto alternativo",
      content: "![](https://example.com/foto.jpg)",
    });
    const answer = await server.api("POST", "/api/admin/articles/bulk", {
      token,
      body: { action: "publish", ids: [draft.id] },
    });
    expect(answer.body.results).toEqual([
      { id: draft.id, ok: false, status: 400, code: "validation_failed", message: expect.any(String) },
    ]);
  });

  it("refuses a body that names no action it knows, naming the field", async () => {
    const answer = await server.api("POST", "/api/admin/articles/bulk", { token, body: { action: "x", ids: [] } });
    expect(answer.status).toBe(400);
    expect(answer.body.error.fields.map((f: { field: string }) => f.field).sort()).toEqual(["action", "ids"]);
    expect(
      (await server.api("POST", "/api/admin/articles/bulk", { body: { action: "trash", ids: ["x"] } })).status,
    ).toBe(401);
  });
});
