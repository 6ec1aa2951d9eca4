import { parse, type DefaultTreeAdapterMap } from "parse5";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createArticle, signedInServer, storeFixture, type TestServer } from "./test-server.ts";

/**
 * An article's canonical URL override (docs/decisions/0117-canonical-url-override.md) through
 * the real handlers and the embedded store: what the API keeps, what it refuses, and what the
 * server-rendered page, its hreflang set and the sitemap make of it.
 */

type Element = DefaultTreeAdapterMap["element"];
type Node = DefaultTreeAdapterMap["node"];

const SITE = "https://codcrm.example";
const ELSEWHERE = "https://medium.com/@codcrm/contra-reembolso-sin-sorpresas";
let server: TestServer;
let token: string;
beforeAll(async () => ({ server, token } = await signedInServer({ env: { SITE_URL: SITE } })));
afterAll(() => server.close());

const create = (body: Record<string, unknown>) =>
  createArticle(server, token, {
    content: "Contenido del artículo.",
    excerpt: "Un extracto.",
    published: true,
    ...body,
  });

const refusal = (body: Record<string, unknown>) =>
  server.api("POST", "/api/admin/articles", { token, body: { title: "Rechazado", content: "c", ...body } });

async function update(
  article: { id: string; version: number },
  body: Record<string, unknown>,
  { on = server, as = token }: { on?: TestServer; as?: string } = {},
) {
  on.clock.advance(60_000);
  const result = await on.api("PUT", `/api/admin/articles/${article.id}`, {
    token: as,
    body: {
      content: "Contenido del artículo.",
      excerpt: "Un extracto.",
      published: true,
      version: article.version,
      ...body,
    },
  });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body.article;
}

function links(node: Node, out: Element[] = []): Element[] {
  if ("tagName" in node && node.tagName === "link") out.push(node);
  if ("childNodes" in node) for (const child of node.childNodes) links(child as Node, out);
  return out;
}

/** The canonical and the hreflang alternates the server-rendered page declares. */
async function head(page: string, on = server) {
  const response = await fetch(on.url + page);
  expect(response.status).toBe(200);
  const all = links(parse(await response.text()) as unknown as Node);
  const attr = (element: Element, name: string) => element.attrs.find((a) => a.name === name)?.value;
  return {
    canonicals: all.filter((l) => attr(l, "rel") === "canonical").map((l) => attr(l, "href")),
    hreflang: all
      .filter((l) => attr(l, "rel") === "alternate" && attr(l, "hreflang"))
      .map((l) => `${attr(l, "hreflang")} ${attr(l, "href")}`),
  };
}

async function sitemap(on = server): Promise<string> {
  const response = await fetch(`${on.url}/sitemap.xml`);
  expect(response.status).toBe(200);
  return response.text();
}

describe("the canonical URL a save keeps", () => {
  it("is stored in its normal form, answered to the administrator and visitors, kept by an edit", async () => {
    const article = await create({
      title: "Publicado antes en Medium",
      canonicalUrl: "  HTTPS://Medium.com/@codcrm/a?x=1 ",
    });
    expect(article.canonicalUrl).toBe("https://medium.com/@codcrm/a?x=1");
    const read = await server.api("GET", `/api/articles/${article.slug}`);
    expect(read.body.article.canonicalUrl).toBe("https://medium.com/@codcrm/a?x=1");

    const edited = await update(article, { title: "Publicado antes en Medium", canonicalUrl: ELSEWHERE });
    expect(edited.canonicalUrl).toBe(ELSEWHERE);
    // An edit that sends it blank (or not at all: a save sends the whole article) removes it.
    const cleared = await update(edited, { title: "Publicado antes en Medium", canonicalUrl: " " });
    expect(cleared.canonicalUrl).toBeUndefined();
    expect((await head(`/es/blog/${cleared.slug}`)).canonicals).toEqual([`${SITE}/es/blog/${cleared.slug}`]);
  });

  it("comes back when a revision that had it is restored, and goes when one without it is", async () => {
    const first = await create({ title: "Versión con canónica", canonicalUrl: ELSEWHERE });
    const second = await update(first, { title: "Versión sin canónica" });
    expect(second.canonicalUrl).toBeUndefined();
    server.clock.advance(60_000);
    const restored = await server.api("POST", `/api/admin/articles/${first.id}/revisions/1/restore`, {
      token,
      body: { version: second.version },
    });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.article).toMatchObject({ title: "Versión con canónica", canonicalUrl: ELSEWHERE });
    const revision = await server.api("GET", `/api/admin/articles/${first.id}/revisions/1`, { token });
    expect(revision.body.revision.canonicalUrl).toBe(ELSEWHERE);
  });

  it("is not copied to a translation: each language's version has its own", async () => {
    const es = await create({ title: "Original en otro sitio", canonicalUrl: ELSEWHERE });
    const en = await create({ title: "Original elsewhere", language: "en", translationOf: es.id });
    expect(en.canonicalUrl).toBeUndefined();
  });
});

describe("what is refused, naming the field", () => {
  it.each([
    ["a path on the site", "/es/blog/otro-articulo"],
    ["a bare domain", "medium.com/@codcrm/a"],
    ["another scheme", "ftp://example.com/a"],
    ["a script", "javascript:alert(1)"],
  ])("refuses %s", async (_what, canonicalUrl) => {
    const result = await refusal({ canonicalUrl });
    expect(result.status).toBe(400);
    expect(result.body.error.fields).toContainEqual({
      field: "canonicalUrl",
      code: "invalid_url",
      message: "canonicalUrl must be an http(s) URL",
    });
  });

  it("refuses one longer than 2048 characters", async () => {
    const result = await refusal({ canonicalUrl: `https://example.com/${"a".repeat(2029)}` });
    expect(result.status).toBe(400);
    expect(result.body.error.fields).toContainEqual(
      expect.objectContaining({ field: "canonicalUrl", code: "too_long" }),
    );
    // 2048 exactly is kept.
    const longest = await create({ title: "La más larga", canonicalUrl: `https://example.com/${"a".repeat(2028)}` });
    expect(longest.canonicalUrl).toHaveLength(2048);
  });

  it("refuses it on an edit too", async () => {
    const article = await create({ title: "Edición rechazada" });
    const result = await server.api("PUT", `/api/admin/articles/${article.id}`, {
      token,
      body: { title: "Edición rechazada", content: "c", version: article.version, canonicalUrl: "no es una dirección" },
    });
    expect(result.status).toBe(400);
    expect(result.body.error.fields).toContainEqual(
      expect.objectContaining({ field: "canonicalUrl", code: "invalid_url" }),
    );
  });
});

describe("the page head, hreflang and the sitemap", () => {
  it("an article first published on another site: canonical there, no hreflang, not in the sitemap", async () => {
    const es = await create({ title: "Primero en Medium", canonicalUrl: ELSEWHERE });
    const en = await create({ title: "First on our blog", language: "en", translationOf: es.id });

    expect(await head(`/es/blog/${es.slug}`)).toEqual({ canonicals: [ELSEWHERE], hreflang: [] });
    // Its translation is the site's own: its canonical and hreflang name only itself.
    expect(await head(`/en/blog/${en.slug}`)).toEqual({
      canonicals: [`${SITE}/en/blog/${en.slug}`],
      hreflang: [`en ${SITE}/en/blog/${en.slug}`, `x-default ${SITE}/en/blog/${en.slug}`],
    });
    // The public API still names the translation (the language selector leads to it).
    const read = await server.api("GET", `/api/articles/${en.slug}`);
    expect(read.body.article.translations).toEqual([{ language: "es", slug: es.slug, canonicalUrl: ELSEWHERE }]);

    const xml = await sitemap();
    expect(xml).not.toContain(`/es/blog/${es.slug}`);
    const entry = xml.split("\n").find((line) => line.includes(`<loc>${SITE}/en/blog/${en.slug}</loc>`));
    expect(entry).toBeDefined();
    expect(entry).not.toContain('hreflang="es"');
    expect(entry).toContain(`hreflang="x-default" href="${SITE}/en/blog/${en.slug}"`);
  });

  it("a canonical on the site itself: named as canonical, hreflang and the sitemap as for any article", async () => {
    const target = await create({ title: "La guía principal" });
    const es = await create({ title: "Una copia de la guía", canonicalUrl: `${SITE}/es/blog/${target.slug}` });
    const pt = await create({ title: "Uma cópia do guia", language: "pt", translationOf: es.id });

    expect(await head(`/es/blog/${es.slug}`)).toEqual({
      canonicals: [`${SITE}/es/blog/${target.slug}`],
      hreflang: [
        `es ${SITE}/es/blog/${es.slug}`,
        `pt ${SITE}/pt/blog/${pt.slug}`,
        `x-default ${SITE}/es/blog/${es.slug}`,
      ],
    });
    expect((await head(`/pt/blog/${pt.slug}`)).hreflang).toContain(`es ${SITE}/es/blog/${es.slug}`);
    const xml = await sitemap();
    expect(xml).toContain(`<loc>${SITE}/es/blog/${es.slug}</loc>`);
    expect(xml).toContain(`<loc>${SITE}/pt/blog/${pt.slug}</loc>`);
  });
});

describe("an article stored before canonical URLs", () => {
  // A server of its own: the fixture is put straight into the table, behind the back of the
  // reads the server keeps.
  let stored: TestServer;
  let storedToken: string;
  beforeAll(async () => ({ server: stored, token: storedToken } = await signedInServer({ env: { SITE_URL: SITE } })));
  afterAll(() => stored.close());

  it("reads with none, keeps its own canonical, hreflang and sitemap entry, and takes one on its next save", async () => {
    await storeFixture(stored, "article-before-canonical-url.json");
    const slug = "guardado-antes-de-la-url-canonica";
    const read = await stored.api("GET", `/api/articles/${slug}`);
    expect(read.status).toBe(200);
    expect(read.body.article).toMatchObject({ title: "Guardado antes de la URL canónica", author: "Marta Ruiz" });
    expect(read.body.article.canonicalUrl).toBeUndefined();
    expect(await head(`/es/blog/${slug}`, stored)).toEqual({
      canonicals: [`${SITE}/es/blog/${slug}`],
      hreflang: [`es ${SITE}/es/blog/${slug}`, `x-default ${SITE}/es/blog/${slug}`],
    });
    expect(await sitemap(stored)).toContain(`<loc>${SITE}/es/blog/${slug}</loc>`);

    const list = await stored.api("GET", "/api/admin/articles?limit=100", { token: storedToken });
    const listed = list.body.articles.find((a: { id: string }) => a.id === "1764000000000abcd");
    expect(listed).toMatchObject({ version: 2, status: "published" });
    expect(listed.canonicalUrl).toBeUndefined();
    const saved = await update(
      listed,
      {
        // The whole article, as the editor sends it, with the new field.
        title: "Guardado antes de la URL canónica",
        content: "Texto de la **segunda** versión.",
        author: "Marta Ruiz",
        tags: ["Contra reembolso"],
        canonicalUrl: ELSEWHERE,
      },
      { on: stored, as: storedToken },
    );
    expect(saved).toMatchObject({ version: 3, canonicalUrl: ELSEWHERE, author: "Marta Ruiz" });
    expect((await head(`/es/blog/${slug}`, stored)).canonicals).toEqual([ELSEWHERE]);
    expect(await sitemap(stored)).not.toContain(`/es/blog/${slug}`);

    // Its revision of version 1 was kept before the field existed: restoring it leaves none.
    stored.clock.advance(60_000);
    const restored = await stored.api("POST", "/api/admin/articles/1764000000000abcd/revisions/1/restore", {
      token: storedToken,
      body: { version: 3 },
    });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.article).toMatchObject({ title: "Primer título sin canónica", version: 4 });
    expect(restored.body.article.canonicalUrl).toBeUndefined();
  });
});
