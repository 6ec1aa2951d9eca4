import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createArticle, signedInServer, startTestServer, storeFixture, type TestServer } from "./test-server.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
let server: TestServer;
let token: string;
beforeAll(async () => ({ server, token } = await signedInServer()));
afterAll(() => server.close());

const create = (body: Record<string, unknown>) => createArticle(server, token, { content: "Texto uno.", ...body });

/** Restores revision `revision` over the current version `current` (the version the administrator saw). */
const restore = (id: string, revision: number, current: number) =>
  server.api("POST", `/api/admin/articles/${id}/revisions/${revision}/restore`, { token, body: { version: current } });

async function save(id: string, body: Record<string, unknown>) {
  server.clock.advance(60_000);
  const result = await server.api("PUT", `/api/admin/articles/${id}`, { token, body });
  expect(result.status).toBe(200);
  return result.body.article;
}

async function page(pathname: string) {
  const response = await fetch(server.url + pathname, { redirect: "manual" });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

describe("revisions", () => {
  it("keeps every replaced version, lists them newest first, reads one and restores it", async () => {
    const first = await create({ title: "Primera versión", excerpt: "Resumen uno.", categories: [{ name: "Envíos" }] });
    await save(first.id, { title: "Segunda versión", content: "Texto dos.", excerpt: "Resumen dos.", version: 1 });
    const third = await save(first.id, {
      title: "Tercera versión",
      content: "Texto tres.",
      published: true,
      version: 2,
    });
    expect(third.version).toBe(3);

    const list = await server.api("GET", `/api/admin/articles/${first.id}/revisions`, { token });
    expect(list.status).toBe(200);
    expect(list.body.revisions).toEqual([
      { version: 2, updatedAt: expect.any(String), title: "Segunda versión" },
      { version: 1, updatedAt: first.updatedAt, title: "Primera versión" },
    ]);

    const one = await server.api("GET", `/api/admin/articles/${first.id}/revisions/1`, { token });
    expect(one.status).toBe(200);
    expect(one.body.revision).toMatchObject({
      version: 1,
      updatedAt: first.updatedAt,
      title: "Primera versión",
      excerpt: "Resumen uno.",
      content: "Texto uno.",
      categories: [expect.objectContaining({ name: "Envíos" })],
      language: "es",
      published: false,
    });
    // The current version is not a revision; nor is a version that never existed.
    for (const version of ["3", "9", "0", "x"]) {
      const missing = await server.api("GET", `/api/admin/articles/${first.id}/revisions/${version}`, { token });
      expect(missing.status, version).toBe(404);
      expect(missing.body.error.code).toBe("not_found");
    }

    server.clock.advance(60_000);
    const restored = await restore(first.id, 1, 3);
    expect(restored.status).toBe(200);
    // The text of version 1; the publication state of the current version.
    expect(restored.body.article).toMatchObject({
      version: 4,
      title: "Primera versión",
      content: "Texto uno.",
      excerpt: "Resumen uno.",
      published: true,
    });
    const after = await server.api("GET", `/api/admin/articles/${first.id}/revisions`, { token });
    expect(after.body.revisions.map((r: { version: number }) => r.version)).toEqual([3, 2, 1]);
    expect(after.body.revisions[0].title).toBe("Tercera versión");
    // The public article is the restored one.
    const pub = await server.api("GET", `/api/articles/${first.id}`);
    expect(pub.body.article.title).toBe("Primera versión");
  });

  it("restores the labels, search-engine overrides and alt text of a revision with its text", async () => {
    const first = await create({
      title: "Con etiquetas",
      excerpt: "Resumen.",
      author: "Marta",
      tags: ["Envíos", "Devoluciones"],
      metaTitle: "Titular propio",
      imageUrl: "https://images.example/portada.jpg",
      imageAlt: "Almacén con paquetes",
    });
    await save(first.id, {
      title: "Con etiquetas",
      excerpt: "Resumen.",
      content: "Texto uno.",
      author: "Pablo",
      tags: ["Logística"],
      imageUrl: "https://images.example/portada.jpg",
      imageAlt: "Otra descripción",
      version: 1,
    });
    const restored = await restore(first.id, 1, 2);
    expect(restored.status).toBe(200);
    expect(restored.body.article).toMatchObject({
      version: 3,
      author: "Marta",
      tags: [
        { slug: "envios", name: "Envíos" },
        { slug: "devoluciones", name: "Devoluciones" },
      ],
      metaTitleOverride: "Titular propio",
      imageAlt: "Almacén con paquetes",
    });
  });

  it("refuses a stale restore with the edit's 409 and leaves the article as it was", async () => {
    const article = await create({ title: "Restaurar tarde" });
    await save(article.id, { title: "Restaurar tarde dos", content: "Otro.", version: 1 });
    const stale = await restore(article.id, 1, 1);
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe("version_conflict");
    for (const version of ["2", 0, 1.5]) {
      const bad = await server.api("POST", `/api/admin/articles/${article.id}/revisions/1/restore`, {
        token,
        body: { version },
      });
      expect(bad.status, String(version)).toBe(400);
      expect(bad.body.error.fields).toEqual([expect.objectContaining({ field: "version", code: "invalid" })]);
    }
    const current = await server.api("GET", `/api/admin/articles`, { token });
    const found = current.body.articles.find((a: { id: string }) => a.id === article.id);
    expect(found).toMatchObject({ version: 2, title: "Restaurar tarde dos" });
  });

  it("a refused stale edit adds no revision", async () => {
    const article = await create({ title: "Edición rechazada" });
    const refused = await server.api("PUT", `/api/admin/articles/${article.id}`, {
      token,
      body: { title: "Nunca guardado", content: "x", version: 7 },
    });
    expect(refused.status).toBe(409);
    const list = await server.api("GET", `/api/admin/articles/${article.id}/revisions`, { token });
    expect(list.body.revisions).toEqual([]);
  });

  it("keeps the last 50 revisions", async () => {
    const article = await create({ title: "Muchas versiones" });
    for (let version = 1; version <= 55; version++) {
      await save(article.id, { title: `Muchas versiones ${version + 1}`, content: "x", version });
    }
    const list = await server.api("GET", `/api/admin/articles/${article.id}/revisions`, { token });
    const versions = list.body.revisions.map((r: { version: number }) => r.version);
    expect(versions).toHaveLength(50);
    expect(versions[0]).toBe(55);
    expect(versions.at(-1)).toBe(6);
  });

  it("answers 404 for an unknown article and 401 without a session", async () => {
    expect((await server.api("GET", "/api/admin/articles/nope/revisions", { token })).status).toBe(404);
    expect((await server.api("GET", "/api/admin/articles/nope/revisions")).status).toBe(401);
    expect((await server.api("POST", "/api/admin/articles/nope/preview")).status).toBe(401);
  });

  it("forgets an article's revisions when it is erased", async () => {
    const article = await create({ title: "Para borrar" });
    await save(article.id, { title: "Para borrar dos", content: "x", version: 1 });
    expect((await server.api("DELETE", `/api/admin/articles/${article.id}`, { token })).status).toBe(204);
    // In the trash it keeps them (docs/decisions/0450-article-trash.md); erased, it takes them along.
    expect((await server.api("DELETE", `/api/admin/trash/${article.id}`, { token })).status).toBe(204);
    const db = await server.deps.db();
    const { QueryCommand } = await import("@aws-sdk/lib-dynamodb");
    const left = await db.send(
      new QueryCommand({
        TableName: server.deps.config.TABLE_NAME,
        KeyConditionExpression: "pk = :pk",
        ExpressionAttributeValues: { ":pk": `REVISIONS#${article.id}` },
      }),
    );
    expect(left.Items).toEqual([]);
  });
});

describe("preview links", () => {
  async function link(id: string) {
    const result = await server.api("POST", `/api/admin/articles/${id}/preview`, { token });
    expect(result.status).toBe(200);
    return result.body as { url: string; expiresAt: string };
  }

  it("shows the saved draft to anyone with the link, marked, unindexed, uncached, uncounted", async () => {
    const draft = await create({ title: "Borrador en vista previa", content: "Texto **secreto**.", language: "en" });
    const { url, expiresAt } = await link(draft.id);
    expect(url).toMatch(/^\/en\/blog\/preview\/[^/]+$/);
    expect(Date.parse(expiresAt) - server.clock.now.getTime()).toBeGreaterThan(7 * DAY_MS - 1000);
    expect(Date.parse(expiresAt) - server.clock.now.getTime()).toBeLessThanOrEqual(7 * DAY_MS);

    const shown = await page(url);
    expect(shown.status).toBe(200);
    expect(shown.headers.get("cache-control")).toBe("private, no-store");
    expect(shown.text).toContain('<meta name="robots" content="noindex"/>');
    expect(shown.text).toContain("Preview, not published");
    expect(shown.text).toContain("Borrador en vista previa");
    expect(shown.text).toContain("<strong>secreto</strong>");
    expect(shown.text).toMatch(/<header class="sticky[\s\S]*Main navigation/);
    // None of the app's scripts (they count views): the page stays as rendered.
    expect(shown.text).not.toMatch(/<script(?![^>]*application\/(ld\+)?json)/);
    expect(shown.text).not.toContain("modulepreload");
    // Still a draft for everyone else.
    expect((await server.api("GET", `/api/articles/${draft.id}`)).status).toBe(404);
    const admin = await server.api("GET", "/api/admin/articles", { token });
    expect(admin.body.articles.find((a: { id: string }) => a.id === draft.id).viewCount).toBe(50);
  });

  it("banners in each language", async () => {
    const es = await create({ title: "Vista previa española" });
    expect((await page((await link(es.id)).url)).text).toContain("Vista previa, no publicado");
    const pt = await create({ title: "Pré-visualização", language: "pt" });
    expect((await page((await link(pt.id)).url)).text).toContain("Pré-visualização, não publicado");
  });

  it("shows the saved state, not the published one, after an unpublish", async () => {
    const article = await create({ title: "Publicado antes", published: true });
    await save(article.id, { title: "Ahora borrador", content: "Nuevo.", published: false, version: 1 });
    const shown = await page((await link(article.id)).url);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain("Ahora borrador");
  });

  it("answers the same 404 for a tampered, expired or orphaned link", async () => {
    const article = await create({ title: "Enlace caducado" });
    const { url } = await link(article.id);
    // The plain not-found every missing thing can answer: nothing about which check failed.
    const notFound = { body: { error: { code: "not_found", message: "Not found." } } };
    const [prefix, token0] = [url.slice(0, url.lastIndexOf("/") + 1), url.slice(url.lastIndexOf("/") + 1)];
    const [id, expiry, signature] = token0.split(".") as [string, string, string];
    const other = await create({ title: "Otro artículo" });
    const flipped = signature.slice(0, -2) + (signature.at(-2) === "A" ? "B" : "A") + signature.at(-1);
    const wrong = [
      `${prefix}${id}.${expiry}.${flipped}`, // signature changed
      `${prefix}${id}.${Number(expiry) + 86_400}.${signature}`, // expiry moved
      `${prefix}${other.id}.${expiry}.${signature}`, // another article
      `${prefix}garbage`,
      `/xx/blog/preview/${token0}`,
    ];
    for (const bad of wrong) {
      const answer = await page(bad);
      expect(answer.status, bad).toBe(404);
      expect(JSON.parse(answer.text), bad).toEqual(notFound.body);
      expect(answer.text).not.toContain("caducado");
    }
    expect((await page(url)).status).toBe(200);
    // Expired: the controlled clock moves past the 7 days.
    server.clock.advance(7 * DAY_MS);
    expect((await page(url)).status).toBe(404);
    server.clock.advance(-7 * DAY_MS);
    // Deleted article.
    expect((await page(url)).status).toBe(200);
    await server.api("DELETE", `/api/admin/articles/${article.id}`, { token });
    const gone = await page(url);
    expect(gone.status).toBe(404);
    expect(JSON.parse(gone.text)).toEqual(notFound.body);
  });

  it("honours PREVIEW_LINK_DAYS", async () => {
    const short = await startTestServer({ env: { PREVIEW_LINK_DAYS: "1" } });
    try {
      const shortToken = await short.login();
      const created = await short.api("POST", "/api/admin/articles", {
        token: shortToken,
        body: { title: "Un día", content: "x" },
      });
      const result = await short.api("POST", `/api/admin/articles/${created.body.article.id}/preview`, {
        token: shortToken,
      });
      expect(Date.parse(result.body.expiresAt) - short.clock.now.getTime()).toBeLessThanOrEqual(DAY_MS);
      short.clock.advance(DAY_MS - 5_000);
      expect((await fetch(short.url + result.body.url)).status).toBe(200);
      short.clock.advance(5_000);
      expect((await fetch(short.url + result.body.url)).status).toBe(404);
    } finally {
      await short.close();
    }
  });
});

describe("an article stored before revisions and scheduling", () => {
  it("lists no revisions, reads as published, previews, and keeps revisions from its next save", async () => {
    const items = await storeFixture(server, "article-before-revisions.json");
    const stored = items[0] as { id: string; slug: string; title: string; publishAt?: string };
    expect(stored.publishAt).toBeUndefined();

    const revisions = await server.api("GET", `/api/admin/articles/${stored.id}/revisions`, { token });
    expect(revisions.status).toBe(200);
    expect(revisions.body.revisions).toEqual([]);
    expect((await server.api("GET", `/api/admin/articles/${stored.id}/revisions/2`, { token })).status).toBe(404);
    const listed = await server.api("GET", `/api/admin/articles?q=${encodeURIComponent(stored.title)}`, { token });
    expect(listed.body.articles).toEqual([expect.objectContaining({ id: stored.id, status: "published", version: 3 })]);
    expect((await server.api("GET", `/api/articles/${stored.slug}`)).status).toBe(200);
    expect((await server.api("GET", "/api/articles/titulo-anterior")).body.article.id).toBe(stored.id);
    const preview = await server.api("POST", `/api/admin/articles/${stored.id}/preview`, { token });
    expect((await page(preview.body.url)).text).toContain("tercera</strong>");

    await save(stored.id, { title: stored.title, content: "Cuarta versión.", published: true, version: 3 });
    const after = await server.api("GET", `/api/admin/articles/${stored.id}/revisions`, { token });
    expect(after.body.revisions).toEqual([{ version: 3, updatedAt: "2026-11-18T09:00:00.000Z", title: stored.title }]);
    const restored = await restore(stored.id, 3, 4);
    expect(restored.status).toBe(200);
    expect(restored.body.article).toMatchObject({ version: 5, content: "Texto de la **tercera** versión." });
  });
});
