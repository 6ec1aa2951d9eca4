import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createArticle, signedInServer, storeFixture, type TestServer } from "./test-server.ts";

let server: TestServer;
let token: string;
const DAY = 24 * 60 * 60 * 1000;
beforeAll(async () => ({ server, token } = await signedInServer()));
afterAll(() => server.close());

const create = (body: Record<string, unknown>) =>
  createArticle(server, token, { content: "Contenido del artículo.", published: true, ...body });

async function update(article: { id: string; version: number }, body: Record<string, unknown>) {
  const result = await server.api("PUT", `/api/admin/articles/${article.id}`, {
    token,
    body: { content: "Contenido del artículo.", published: true, version: article.version, ...body },
  });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body.article;
}

async function html(pagePath: string) {
  const response = await fetch(server.url + pagePath);
  return response.text();
}

function jsonLd(document: string) {
  const match = /<script[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(document);
  return match ? JSON.parse(match[1]!) : undefined;
}

describe("author", () => {
  it("defaults to the configured administrator name and keeps one that is typed", async () => {
    const byDefault = await create({ title: "Autor por defecto" });
    expect(byDefault.author).toBe("Laura");
    const typed = await create({ title: "Autor escrito", author: "  Marta Ruiz " });
    expect(typed.author).toBe("Marta Ruiz");
    const read = await server.api("GET", `/api/articles/${typed.slug}`);
    expect(read.body.article.author).toBe("Marta Ruiz");
    expect(jsonLd(await html(`/es/blog/${typed.slug}`)).author).toEqual({ "@type": "Person", name: "Marta Ruiz" });
  });

  it("refuses an author longer than 80 characters, naming the field", async () => {
    const result = await server.api("POST", "/api/admin/articles", {
      token,
      body: { title: "Largo", content: "c", author: "x".repeat(81) },
    });
    expect(result.status).toBe(400);
    expect(result.body.error.fields).toContainEqual(expect.objectContaining({ field: "author", code: "too_long" }));
  });
});

describe("tags", () => {
  it("stores tags slugged and deduplicated, and the public list filters by ?tag=", async () => {
    const tagged = await create({ title: "Con etiquetas", tags: ["Contra reembolso", "contra-reembolso", "Shopify"] });
    expect(tagged.tags).toEqual([
      { slug: "contra-reembolso", name: "Contra reembolso" },
      { slug: "shopify", name: "Shopify" },
    ]);
    await create({ title: "Sin esa etiqueta", tags: ["Otra"] });
    const list = await server.api("GET", "/api/articles?tag=contra-reembolso&limit=100");
    expect(list.status).toBe(200);
    expect(list.body.articles.map((a: { id: string }) => a.id)).toEqual([tagged.id]);
    expect(list.body.total).toBe(1);
  });

  it("refuses more than ten tags, naming the field", async () => {
    const result = await server.api("POST", "/api/admin/articles", {
      token,
      body: { title: "Muchas", content: "c", tags: Array.from({ length: 11 }, (_, i) => `t${i}`) },
    });
    expect(result.status).toBe(400);
    expect(result.body.error.fields).toContainEqual(expect.objectContaining({ field: "tags", code: "too_many" }));
  });
});

describe("first publication and updates", () => {
  it("records the first publication and names the last change in JSON-LD", async () => {
    const draft = await create({ title: "Borrador que se publica", published: false });
    expect(draft.publishedAt).toBeUndefined();
    server.clock.advance(DAY);
    token = await server.login(); // the session ends with the day
    const published = await update(draft, { title: "Borrador que se publica" });
    expect(published.publishedAt).toBe(server.clock.now.toISOString());
    server.clock.advance(2 * DAY);
    token = await server.login();
    const edited = await update(published, { title: "Borrador que se publica", tags: ["nuevo"] });
    expect(edited.publishedAt).toBe(published.publishedAt);
    const ld = jsonLd(await html(`/es/blog/${edited.slug}`));
    expect(ld.datePublished).toBe(published.publishedAt);
    expect(ld.dateModified).toBe(edited.updatedAt);
  });
});

describe("search-engine overrides", () => {
  it("round-trip apart from the derived fields, and feed the page head", async () => {
    const article = await create({
      title: "Título visible",
      metaTitle: "Título para buscadores",
      metaDescription: "Descripción para buscadores.",
      socialImageUrl: "/media/portada-social.jpg",
      imageUrl: "https://example.com/portada.jpg",
      imageAlt: "Portada del artículo",
    });
    expect(article).toMatchObject({
      metaTitle: "Título para buscadores",
      metaTitleOverride: "Título para buscadores",
      metaDescription: "Descripción para buscadores.",
      metaDescriptionOverride: "Descripción para buscadores.",
      socialImageUrl: "/media/portada-social.jpg",
    });
    const document = await html(`/es/blog/${article.slug}`);
    expect(document).toMatch(/<title[^>]*>Título para buscadores<\/title>/);
    expect(document).toContain('content="Descripción para buscadores."');
    expect(document).toContain(`property="og:image" content="${server.deps.config.SITE_URL}/media/portada-social.jpg"`);

    // Cleared: the derived values come back, and nothing typed remains.
    const cleared = await update(article, { title: "Título visible", metaTitle: "", metaDescription: " " });
    expect(cleared.metaTitle).toBe("Título visible | Blog CodCRM");
    expect(cleared.metaDescription).toBe("Contenido del artículo.");
    expect(cleared.metaTitleOverride).toBeUndefined();
    expect(cleared.metaDescriptionOverride).toBeUndefined();
    expect(cleared.socialImageUrl).toBeUndefined();
  });

  it("refuses a social image that is neither https nor a /media/ path, naming the field", async () => {
    const result = await server.api("POST", "/api/admin/articles", {
      token,
      body: { title: "Imagen", content: "c", socialImageUrl: "http://example.com/a.jpg" },
    });
    expect(result.status).toBe(400);
    expect(result.body.error.fields).toContainEqual(
      expect.objectContaining({ field: "socialImageUrl", code: "invalid_image_url" }),
    );
  });
});

describe("related articles", () => {
  it("come with the public article and its page data: shared labels first, never itself or its translations", async () => {
    const main = await create({ title: "Cobro contra reembolso", tags: ["cod", "cobros"] });
    const translation = await create({
      title: "Cash on delivery",
      language: "en",
      translationOf: main.id,
      tags: ["cod", "cobros"],
    });
    const close = await create({ title: "Rechazos de pedidos COD", tags: ["cod", "cobros"] });
    const near = await create({ title: "Cobros a tiempo", tags: ["cobros"] });
    const read = await server.api("GET", `/api/articles/${main.slug}`);
    const related = read.body.article.related as { id: string; language: string; content?: string }[];
    expect(related.map((a) => a.id).slice(0, 2)).toEqual([close.id, near.id]);
    expect(related.length).toBeLessThanOrEqual(3);
    expect(related.map((a) => a.id)).not.toContain(main.id);
    expect(related.map((a) => a.id)).not.toContain(translation.id);
    expect(related.every((a) => a.language === "es" && a.content === undefined)).toBe(true);
    // The page carries them in its data, so the app shows them without asking again.
    expect(await html(`/es/blog/${main.slug}`)).toContain(close.slug);
  });
});

describe("items stored before labels", () => {
  it("read with no tags, the default author, their creation as first publication and derived meta fields", async () => {
    await storeFixture(server, "article-before-labels.json");
    const read = await server.api("GET", "/api/articles/articulo-sin-etiquetas");
    expect(read.status).toBe(200);
    expect(read.body.article).toMatchObject({
      tags: [],
      author: "Laura",
      metaTitle: "Artículo sin etiquetas | Blog CodCRM",
    });
    expect(read.body.article.metaTitleOverride).toBeUndefined();
    const ld = jsonLd(await html("/es/blog/articulo-sin-etiquetas"));
    expect(ld.datePublished).toBe("2026-11-10T09:00:00.000Z");
    const admin = await server.api("GET", "/api/admin/articles", { token });
    const old = admin.body.articles.find((a: { id: string }) => a.id === "1763300000000wxyz");
    expect(old.tags).toEqual([]);
    // An edit keeps its creation as its first publication.
    const edited = await update(old, { title: "Artículo sin etiquetas" });
    expect(edited.publishedAt).toBe("2026-11-10T09:00:00.000Z");
  });
});
