import { readFileSync } from "node:fs";
import { PutCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { keys } from "@codcrm/core/db/table-design";
import { signedInServer, type TestServer } from "./test-server.ts";

/**
 * An article's translations come from its translation group alone (the GROUP#/LANG# claims
 * and the articles they name), against the real handlers and store: the public article, its
 * page and the administrator's saves never read every article to find them (the public
 * reads list the published articles only to rank related ones).
 */
let server: TestServer;
let token: string;
/** Index queries sent to the store since the last reset (`gsi1`: every article, `gsi2`: published). */
const indexQueries: string[] = [];

beforeAll(async () => {
  ({ server, token } = await signedInServer());
  (await server.deps.db()).middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as { IndexName?: string };
      if (context.commandName === "QueryCommand" && input.IndexName) indexQueries.push(input.IndexName);
      return next(args);
    },
    { step: "initialize", name: "recordIndexQueries" },
  );
});
afterAll(() => server.close());
beforeEach(() => {
  indexQueries.length = 0;
});

async function save(method: "POST" | "PUT", path: string, body: Record<string, unknown>) {
  const result = await server.api(method, path, { token, body: { content: "Contenido.", ...body } });
  expect(result.status, JSON.stringify(result.body)).toBeLessThan(300);
  return result.body.article;
}

describe("translations read from the translation group", () => {
  it("gives the public article, its page and the admin saves their group without reading whole lists", async () => {
    const es = await save("POST", "/api/admin/articles", { title: "Grupo leído aparte", published: true });
    const en = await save("POST", "/api/admin/articles", {
      title: "Group read apart",
      language: "en",
      translationOf: es.id,
      published: true,
    });
    expect(en.translations).toEqual([{ language: "es", id: es.id, slug: es.slug, published: true }]);
    const pt = await save("POST", "/api/admin/articles", {
      title: "Grupo lido à parte",
      language: "pt",
      translationOf: es.id,
      published: false,
    });
    expect(pt.translations).toEqual([
      { language: "es", id: es.id, slug: es.slug, published: true },
      { language: "en", id: en.id, slug: en.slug, published: true },
    ]);
    const edited = await save("PUT", `/api/admin/articles/${es.id}`, {
      title: es.title,
      version: es.version,
      published: true,
    });
    // Their source changed since they were saved: both are marked (docs/decisions/0426-translations-that-fall-behind.md).
    expect(edited.translations).toEqual([
      { language: "en", id: en.id, slug: en.slug, published: true, outdated: true },
      { language: "pt", id: pt.id, slug: pt.slug, published: false, outdated: true },
    ]);
    expect(indexQueries).toEqual([]);

    // Public: published versions only (the Portuguese draft is left out), never the article itself.
    const one = await server.api("GET", `/api/articles/${es.slug}`);
    expect(one.body.article.translations).toEqual([{ language: "en", slug: en.slug }]);
    const page = await fetch(`${server.url}/en/blog/${en.slug}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(new RegExp(`<link [^>]*href="[^"]*/es/blog/${es.slug}" hreflang="es"`, "i"));
    // Related articles are ranked among the published lists (kept a few seconds per process),
    // so a public read may query the published index; never the index of every article.
    expect(indexQueries.filter((index) => index !== "gsi2")).toEqual([]);
  });

  it("ignores a claim whose article never got written or no longer has that language", async () => {
    const es = await save("POST", "/api/admin/articles", { title: "Reclamación huérfana", published: true });
    const db = await server.deps.db();
    const table = server.deps.config.TABLE_NAME;
    // A create that claimed English and died before writing its article.
    await db.send(
      new PutCommand({
        TableName: table,
        Item: { ...keys.translation(es.translationGroup, "en"), articleId: "never-written", claimedAt: "2026-01-01" },
      }),
    );
    // A claim of Portuguese naming the Spanish article (an edit that moved away).
    await db.send(
      new PutCommand({
        TableName: table,
        Item: { ...keys.translation(es.translationGroup, "pt"), articleId: es.id, claimedAt: "2026-01-01" },
      }),
    );
    const members = await (await server.deps.articles()).groupMembers(es.translationGroup);
    expect(members.map((member) => member.id)).toEqual([es.id]);
    const one = await server.api("GET", `/api/articles/${es.slug}`);
    expect(one.body.article.translations).toEqual([]);
  });

  it("reads an article stored before articles had a language as alone in its group", async () => {
    const fixture = JSON.parse(
      readFileSync(new URL("./fixtures/articles-before-languages.json", import.meta.url), "utf8"),
    ) as Record<string, unknown>[];
    const item = fixture.find((i) => i.sk === "ARTICLE" && i.published)!;
    await (await server.deps.db()).send(new PutCommand({ TableName: server.deps.config.TABLE_NAME, Item: item }));
    const articles = await server.deps.articles();
    const article = (await articles.getById(String(item.id)))!;
    expect(article.translationGroup).toBe(item.id);
    expect(await articles.groupMembers(article.translationGroup)).toEqual([]);
    expect(await articles.publishedTranslations(article)).toEqual([]);
    expect((await articles.withAdminTranslations(article)).translations).toEqual([]);
  });
});
