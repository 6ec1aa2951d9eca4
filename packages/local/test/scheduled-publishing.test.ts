import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublished, signedInServer, storeFixture, viewArticle, type TestServer } from "./test-server.ts";

const SITE = "https://www.codcrm.example";
const SHELL =
  '<!DOCTYPE html><html lang="es"><head><meta charSet="utf-8"/></head>' +
  '<body><div id="root"></div><script type="module" src="/assets/entry.js"></script></body></html>';
const frame = (language: string) =>
  `<!DOCTYPE html><html lang="${language}"><head><title>Blog</title></head><body><header>site-header</header>` +
  '<main id="main"><article>the list page</article></main><footer>site-footer</footer></body></html>';

const HOUR_MS = 60 * 60 * 1000;
let server: TestServer;
let token: string;
// The page functions render into these templates; absolute URLs use SITE.
const STARTED = { pages: { shell: SHELL, frame }, env: { SITE_URL: SITE } };
beforeAll(async () => ({ server, token } = await signedInServer(STARTED)));
afterAll(() => server.close());

const create = (body: Record<string, unknown>) =>
  createPublished(server, token, { content: "Texto del artículo.", ...body });

async function get(pathname: string) {
  const response = await fetch(server.url + pathname, { redirect: "manual" });
  return { status: response.status, text: await response.text() };
}

/** Where a visitor could meet the article: the list, the API, its page, the feed, the sitemap. */
async function publicSightings(article: { id: string; slug: string; title: string }) {
  const list = await server.api("GET", "/api/articles");
  const listEs = await server.api("GET", "/api/articles?lang=es");
  const byId = await server.api("GET", `/api/articles/${article.id}`);
  const bySlug = await server.api("GET", `/api/articles/${article.slug}`);
  const page = await get(`/es/blog/${article.slug}`);
  const feed = await get("/es/blog/rss.xml");
  const sitemap = await get("/sitemap.xml");
  return {
    list: list.body.articles.some((a: { id: string }) => a.id === article.id),
    listEs: listEs.body.articles.some((a: { id: string }) => a.id === article.id),
    byId: byId.status,
    bySlug: bySlug.status,
    // A URL that finds nothing shows the newest article under a notice, like a draft's.
    pageNotice: page.status === 200 && page.text.includes("No hemos encontrado el artículo que buscabas."),
    pageTitle: page.text.includes(article.title),
    feed: feed.text.includes(article.title),
    sitemap: sitemap.text.includes(`/es/blog/${article.slug}<`),
  };
}

describe("scheduled publishing", () => {
  it("shows a scheduled article nowhere public before publishAt, everywhere after, dated publishAt", async () => {
    await create({ title: "Artículo ya publicado" });
    const publishAt = new Date(server.clock.now.getTime() + 2 * HOUR_MS).toISOString();
    // An offset other than Z is taken and stored as the same instant in UTC.
    const madrid = new Date(Date.parse(publishAt) + HOUR_MS).toISOString().replace("Z", "+01:00");
    const scheduled = await create({ title: "Artículo programado", publishAt: madrid });
    expect(scheduled.publishAt).toBe(publishAt);

    expect(await publicSightings(scheduled)).toEqual({
      list: false,
      listEs: false,
      byId: 404,
      bySlug: 404,
      pageNotice: true,
      pageTitle: false,
      feed: false,
      sitemap: false,
    });
    expect(await viewArticle(server, scheduled.id)).toBe(204);
    expect((await (await server.deps.articles()).getById(scheduled.id))?.viewCount).toBe(50);

    const admin = await server.api("GET", "/api/admin/articles?status=scheduled", { token });
    expect(admin.body.articles.map((a: { id: string; status: string }) => [a.id, a.status])).toEqual([
      [scheduled.id, "scheduled"],
    ]);

    // One second before: still hidden; at publishAt it shows, with no write in between.
    server.clock.now = new Date(Date.parse(publishAt) - 1000);
    expect((await publicSightings(scheduled)).list).toBe(false);
    server.clock.now = new Date(Date.parse(publishAt) + 1000);
    expect(await publicSightings(scheduled)).toEqual({
      list: true,
      listEs: true,
      byId: 200,
      bySlug: 200,
      pageNotice: false,
      pageTitle: true,
      feed: true,
      sitemap: true,
    });

    // Its public date is publishAt: the list and the API, the feed's pubDate, the sitemap's lastmod.
    const listed = (await server.api("GET", "/api/articles")).body.articles;
    expect(listed[0]).toMatchObject({ id: scheduled.id, createdAt: publishAt });
    expect((await server.api("GET", `/api/articles/${scheduled.slug}`)).body.article.createdAt).toBe(publishAt);
    expect((await get("/es/blog/rss.xml")).text).toContain(`<pubDate>${new Date(publishAt).toUTCString()}</pubDate>`);
    expect((await get("/sitemap.xml")).text).toContain(
      `/es/blog/${scheduled.slug}</loc><lastmod>${publishAt}</lastmod>`,
    );
    const nowPublished = await server.api("GET", "/api/admin/articles?status=published", { token });
    expect(nowPublished.body.articles.map((a: { id: string }) => a.id)).toContain(scheduled.id);
  });

  it("hides a scheduled translation from its source's hreflang links until it shows", async () => {
    const source = await create({ title: "Artículo con traducción" });
    const publishAt = new Date(server.clock.now.getTime() + HOUR_MS).toISOString();
    const translation = await create({
      title: "Article with a translation",
      language: "en",
      translationOf: source.id,
      publishAt,
    });
    const before = await server.api("GET", `/api/articles/${source.slug}`);
    expect(before.body.article.translations).toEqual([]);
    const listedBefore = (await server.api("GET", "/api/articles?lang=es")).body.articles;
    expect(listedBefore.find((a: { id: string }) => a.id === source.id).translations).toEqual([]);
    expect((await get(`/es/blog/${source.slug}`)).text).not.toContain(`/en/blog/${translation.slug}`);

    server.clock.now = new Date(Date.parse(publishAt) + 1000);
    const after = await server.api("GET", `/api/articles/${source.slug}`);
    expect(after.body.article.translations).toEqual([{ language: "en", slug: translation.slug }]);
    expect((await get(`/es/blog/${source.slug}`)).text).toContain(`/en/blog/${translation.slug}`);
  });

  it("refuses a publishAt already past, naming the field, unless it is the one stored", async () => {
    const past = new Date(server.clock.now.getTime() - 60_000).toISOString();
    const refused = await server.api("POST", "/api/admin/articles", {
      token,
      body: { title: "Tarde", content: "Texto.", published: true, publishAt: past },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual([expect.objectContaining({ field: "publishAt", code: "past" })]);

    const invalid = await server.api("POST", "/api/admin/articles", {
      token,
      body: { title: "Sin zona", content: "Texto.", published: true, publishAt: "2030-01-01T10:00" },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.fields).toEqual([expect.objectContaining({ field: "publishAt", code: "invalid" })]);

    // Scheduled, then edited once its time has come: the stored publishAt is kept, not refused.
    const publishAt = new Date(server.clock.now.getTime() + HOUR_MS).toISOString();
    const article = await create({ title: "Programado y editado", publishAt });
    server.clock.now = new Date(Date.parse(publishAt) + HOUR_MS);
    const body = { title: "Programado y editado", content: "Texto nuevo.", published: true, publishAt };
    const edited = await server.api("PUT", `/api/admin/articles/${article.id}`, {
      token,
      body: { ...body, version: article.version },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.article.publishAt).toBe(publishAt);
    const moved = await server.api("PUT", `/api/admin/articles/${article.id}`, {
      token,
      body: { ...body, publishAt: new Date(Date.parse(publishAt) + 60_000).toISOString(), version: 2 },
    });
    expect(moved.status).toBe(400);
    expect(moved.body.error.fields[0].field).toBe("publishAt");

    // Blank publishes at once.
    const blank = await create({ title: "Sin programar", publishAt: "" });
    expect(blank.publishAt).toBeUndefined();
    expect((await server.api("GET", `/api/articles/${blank.slug}`)).status).toBe(200);
  });

  it("reads an article stored before scheduling as published at once", async () => {
    await storeFixture(server, "article-before-labels.json");
    const found = await server.api("GET", "/api/articles/articulo-sin-etiquetas");
    expect(found.status).toBe(200);
    expect(found.body.article.createdAt).toBe("2026-11-10T09:00:00.000Z");
    const admin = await server.api("GET", "/api/admin/articles?q=etiquetas", { token });
    expect(admin.body.articles.find((a: { slug: string }) => a.slug === "articulo-sin-etiquetas").status).toBe(
      "published",
    );
  });
});
