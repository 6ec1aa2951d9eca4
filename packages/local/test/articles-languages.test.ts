import { readFileSync } from "node:fs";
import { GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createArticle, signedInServer, startTestServer, type TestServer } from "./test-server.ts";

let server: TestServer;
let token: string;
beforeAll(async () => ({ server, token } = await signedInServer()));
afterAll(() => server.close());

const create = (body: Record<string, unknown>) =>
  createArticle(server, token, { content: "Contenido del artículo.", published: true, ...body });

async function update(article: { id: string; version: number; content: string }, body: Record<string, unknown>) {
  return server.api("PUT", `/api/admin/articles/${article.id}`, {
    token,
    body: { content: article.content, version: article.version, ...body },
  });
}

async function adminArticle(id: string) {
  const list = await server.api("GET", "/api/admin/articles", { token });
  return list.body.articles.find((a: { id: string }) => a.id === id);
}

describe("articles in three languages", () => {
  it("creates Spanish by default, in a group of its own", async () => {
    const article = await create({ title: "Idioma por defecto" });
    expect(article.language).toBe("es");
    expect(article.translationGroup).toBe(article.id);
    expect(article.translations).toEqual([]);
  });

  it("joins a translation to its source's group; a translated title gets its own slug", async () => {
    const es = await create({ title: "Guía de envíos" });
    const en = await create({ title: "Guía de envíos", language: "en", translationOf: es.id });
    expect(en.translationGroup).toBe(es.translationGroup);
    expect(en.slug).toBe("guia-de-envios-2");
    const pt = await create({ title: "Guia de envios", language: "pt", translationOf: en.id, published: false });
    expect(pt.translationGroup).toBe(es.translationGroup);
    expect(pt.slug).toBe("guia-de-envios-3");

    // Public: only published translations, never itself.
    const publicEs = await server.api("GET", `/api/articles/${es.slug}`);
    expect(publicEs.body.article.language).toBe("es");
    expect(publicEs.body.article.translations).toEqual([{ language: "en", slug: en.slug }]);
    const list = await server.api("GET", "/api/articles?limit=100");
    const summary = list.body.articles.find((a: { id: string }) => a.id === en.id);
    expect(summary.translations).toEqual([{ language: "es", slug: es.slug }]);
    expect(summary.language).toBe("en");

    // Admin: drafts too, with their state.
    expect((await adminArticle(es.id)).translations).toEqual([
      { language: "en", id: en.id, slug: en.slug, published: true },
      { language: "pt", id: pt.id, slug: pt.slug, published: false },
    ]);
    expect(pt.translations).toEqual([
      { language: "es", id: es.id, slug: es.slug, published: true },
      { language: "en", id: en.id, slug: en.slug, published: true },
    ]);

    // Publishing the draft makes it public in its group.
    const published = await update(pt, { title: pt.title, language: "pt", published: true });
    expect(published.status).toBe(200);
    expect((await server.api("GET", `/api/articles/${es.slug}`)).body.article.translations).toEqual([
      { language: "en", slug: en.slug },
      { language: "pt", slug: pt.slug },
    ]);
  });

  it("refuses a second article in one language of a group with 409 naming language", async () => {
    const es = await create({ title: "Única en español" });
    const refused = await server.api("POST", "/api/admin/articles", {
      token,
      body: { title: "Otra en español", content: "x", language: "es", translationOf: es.id },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("translation_exists");
    expect(refused.body.error.fields).toEqual([expect.objectContaining({ field: "language" })]);

    // An edit that moves a translation onto a taken language is refused too; a free one moves the claim.
    const en = await create({ title: "Only in English", language: "en", translationOf: es.id });
    const onto = await update(en, { title: en.title, language: "es" });
    expect(onto.status).toBe(409);
    expect(onto.body.error.fields[0].field).toBe("language");
    const moved = await update(en, { title: en.title, language: "pt" });
    expect(moved.status).toBe(200);
    expect(moved.body.article.language).toBe("pt");
    // English is free again in the group, Portuguese is taken.
    await create({ title: "Now in English", language: "en", translationOf: es.id });
    const pt = await server.api("POST", "/api/admin/articles", {
      token,
      body: { title: "Outro", content: "x", language: "pt", translationOf: es.id },
    });
    expect(pt.status).toBe(409);
  });

  it("unpublishes one translation without changing the others", async () => {
    const es = await create({ title: "Traducción retirada" });
    const en = await create({ title: "Withdrawn translation", language: "en", translationOf: es.id });
    const withdrawn = await update(en, { title: en.title, language: "en", published: false });
    expect(withdrawn.status).toBe(200);
    const publicEs = await server.api("GET", `/api/articles/${es.slug}`);
    expect(publicEs.body.article).toMatchObject({ version: 1, published: true, translations: [] });
    expect((await adminArticle(es.id)).translations).toEqual([
      { language: "en", id: en.id, slug: en.slug, published: false },
    ]);
  });

  it("takes over a language claim left by a save that never finished, once it is a minute old", async () => {
    const es = await create({ title: "Con una reserva huérfana" });
    // What a create that crashed after claiming English leaves behind.
    await (
      await server.deps.db()
    ).send(
      new PutCommand({
        TableName: server.deps.config.TABLE_NAME,
        Item: {
          pk: `GROUP#${es.translationGroup}`,
          sk: "LANG#en",
          articleId: "never-written",
          claimedAt: server.clock.now.toISOString(),
        },
      }),
    );
    const body = { title: "With an orphan claim", content: "x", language: "en", translationOf: es.id };
    // It may still belong to a save under way.
    expect((await server.api("POST", "/api/admin/articles", { token, body })).status).toBe(409);
    server.clock.advance(61_000);
    expect((await server.api("POST", "/api/admin/articles", { token, body })).status).toBe(201);
  });

  it("frees a deleted translation's language", async () => {
    const es = await create({ title: "Con traducción borrada" });
    const en = await create({ title: "With a deleted translation", language: "en", translationOf: es.id });
    expect((await server.api("DELETE", `/api/admin/articles/${en.id}`, { token })).status).toBe(204);
    await create({ title: "With a new translation", language: "en", translationOf: es.id });
  });

  it("answers 400 for an unknown translationOf or language", async () => {
    const result = await server.api("POST", "/api/admin/articles", {
      token,
      body: { title: "Huérfana", content: "x", language: "fr", translationOf: "nope" },
    });
    expect(result.status).toBe(400);
    expect(result.body.error.fields).toEqual([expect.objectContaining({ field: "language", code: "invalid" })]);
    const unknown = await server.api("POST", "/api/admin/articles", {
      token,
      body: { title: "Huérfana", content: "x", language: "en", translationOf: "nope" },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields).toEqual([expect.objectContaining({ field: "translationOf" })]);
  });

  it("filters the public list by language", async () => {
    const en = await create({ title: "English only piece", language: "en" });
    const pt = await create({ title: "Só em português", language: "pt" });
    await create({ title: "English draft", language: "en", published: false });
    const ids = async (query: string) =>
      (await server.api("GET", `/api/articles?limit=100${query}`)).body.articles.map(
        (a: { id: string; language: string }) => `${a.language}:${a.id}`,
      ) as string[];
    const onlyEn = await ids("&lang=en");
    expect(onlyEn).toContain(`en:${en.id}`);
    expect(onlyEn.every((entry) => entry.startsWith("en:"))).toBe(true);
    expect(onlyEn).toHaveLength(
      (await server.api("GET", "/api/admin/articles", { token })).body.articles.filter(
        (a: { language: string; published: boolean }) => a.language === "en" && a.published,
      ).length,
    );
    const onlyPt = await ids("&lang=pt");
    expect(onlyPt).toContain(`pt:${pt.id}`);
    expect(onlyPt.every((entry) => entry.startsWith("pt:"))).toBe(true);
    const onlyEs = await ids("&lang=es");
    expect(onlyEs.length).toBeGreaterThan(0);
    expect(onlyEs.every((entry) => entry.startsWith("es:"))).toBe(true);
    const all = await ids("");
    expect(all.length).toBe(onlyEs.length + onlyEn.length + onlyPt.length);
    // Newest first across languages, as before.
    const bad = await server.api("GET", "/api/articles?lang=fr");
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields[0].field).toBe("lang");
  });
});

describe("a store written before articles had a language", () => {
  const fixture = JSON.parse(
    readFileSync(new URL("./fixtures/articles-before-languages.json", import.meta.url), "utf8"),
  ) as Record<string, unknown>[];
  let old: TestServer;
  let oldToken: string;

  beforeAll(async () => {
    old = await startTestServer();
    oldToken = await old.login();
    // The items exactly as the earlier code wrote them (no language, no group, no claims).
    for (const item of fixture) {
      await (await old.deps.db()).send(new PutCommand({ TableName: old.deps.config.TABLE_NAME, Item: item }));
    }
  });
  afterAll(() => old.close());

  const stored = fixture.filter((item) => item.sk === "ARTICLE");

  it("reads every article back as Spanish, each its own group, nothing lost", async () => {
    expect(stored).toHaveLength(7);
    const admin = await old.api("GET", "/api/admin/articles", { token: oldToken });
    expect(admin.status).toBe(200);
    for (const item of stored) {
      const article = admin.body.articles.find((a: { id: string }) => a.id === item.id);
      expect(article).toMatchObject({
        id: item.id,
        slug: item.slug,
        title: item.title,
        content: item.content,
        excerpt: item.excerpt,
        published: item.published,
        version: item.version,
        formerSlugs: item.formerSlugs,
        language: "es",
        translationGroup: item.id,
        translations: [],
      });
    }
    const published = stored.filter((item) => item.published);
    const es = await old.api("GET", "/api/articles?limit=100&lang=es");
    expect(es.body.articles.map((a: { id: string }) => a.id).sort()).toEqual(published.map((i) => i.id).sort());
    expect((await old.api("GET", "/api/articles?lang=en")).body.articles).toEqual([]);
    for (const item of published) {
      const one = await old.api("GET", `/api/articles/${String(item.slug)}`);
      expect(one.body.article).toMatchObject({ id: item.id, language: "es", translations: [] });
    }
    // The renamed one still answers its former slug, and its views were kept.
    const renamed = stored.find((item) => (item.formerSlugs as string[]).length > 0)!;
    const former = await old.api("GET", `/api/articles/${(renamed.formerSlugs as string[])[0]}`);
    expect(former.body).toMatchObject({ matchedBy: "formerSlug", article: { id: renamed.id, viewCount: 52 } });
  });

  it("writes the new fields when such an article is edited, and takes a translation", async () => {
    const item = stored.find((i) => i.published)!;
    const edited = await old.api("PUT", `/api/admin/articles/${String(item.id)}`, {
      token: oldToken,
      body: { title: item.title, content: item.content, excerpt: item.excerpt, published: true, version: item.version },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.article).toMatchObject({ language: "es", translationGroup: item.id, slug: item.slug });
    const { Item } = await (
      await old.deps.db()
    ).send(
      new GetCommand({
        TableName: old.deps.config.TABLE_NAME,
        Key: { pk: item.pk, sk: "ARTICLE" },
      }),
    );
    expect(Item).toMatchObject({ language: "es", translationGroup: item.id });

    // An untouched one takes a translation; a second Spanish article cannot join its group.
    const other = stored.find((i) => i.published && i.id !== item.id)!;
    const en = await old.api("POST", "/api/admin/articles", {
      token: oldToken,
      body: { title: "A translation", content: "Text.", language: "en", translationOf: other.id, published: true },
    });
    expect(en.status).toBe(201);
    expect(en.body.article.translationGroup).toBe(other.id);
    const secondEs = await old.api("POST", "/api/admin/articles", {
      token: oldToken,
      body: { title: "Otra", content: "x", language: "es", translationOf: other.id },
    });
    expect(secondEs.status).toBe(409);
    const page = await old.api("GET", `/api/articles/${String(other.slug)}`);
    expect(page.body.article.translations).toEqual([{ language: "en", slug: en.body.article.slug }]);
  });
});
