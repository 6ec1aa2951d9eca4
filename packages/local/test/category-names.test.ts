import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT_IN_CATEGORY_SLUGS } from "@codcrm/core/article/categories";
import { createPublished, signedInServer, storeFixture, type TestServer } from "./test-server.ts";

/**
 * An administrator's own category's names per language
 * (docs/decisions/0170-category-names-per-language.md) through the real handlers and the
 * embedded store: what the API keeps and refuses, and the name each language's server-rendered
 * page, JSON-LD, feed and public list use.
 */

let server: TestServer;
let token: string;
beforeAll(async () => ({ server, token } = await signedInServer()));
afterAll(() => server.close());

const REVERSE = { name: "Logística inversa", names: { en: " Reverse logistics " } };

/** An article as the administrator's list answers it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read JSON bodies loosely
async function adminArticle(id: string): Promise<any> {
  const result = await server.api("GET", "/api/admin/articles?limit=100", { token });
  expect(result.status).toBe(200);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
  return result.body.articles.find((article: any) => article.id === id);
}

async function page(pagePath: string): Promise<string> {
  const response = await fetch(server.url + pagePath);
  expect(response.status, pagePath).toBe(200);
  return response.text();
}

/** The JSON-LD `articleSection` of a server-rendered article page. */
async function sections(pagePath: string): Promise<string[]> {
  const text = /<script[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(await page(pagePath))?.[1];
  return (JSON.parse(text!) as { articleSection?: string[] }).articleSection ?? [];
}

/** The texts of the category links in a server-rendered page's markup. */
async function categoryLinks(pagePath: string): Promise<string[]> {
  const builtIns = BUILT_IN_CATEGORY_SLUGS.join("|");
  const link = new RegExp(`<a [^>]*href="/[a-z]{2}/blog(?:\\?category=[^"]+|/(?:${builtIns}))"[^>]*>([^<]*)</a>`, "g");
  return [...(await page(pagePath)).matchAll(link)].map((match) => match[1]!);
}

/** The categories of a language's feed item, read with an XML parser. */
async function feedCategories(language: string, title: string): Promise<string[]> {
  const feed = new XMLParser({ isArray: (name) => name === "item" || name === "category" }).parse(
    await page(`/${language}/blog/rss.xml`),
  ) as { rss: { channel: { item?: { title: string; category?: (string | { "#text": string })[] }[] } } };
  const item = feed.rss.channel.item?.find((i) => String(i.title) === title);
  return (item?.category ?? []).map((c) => (typeof c === "string" ? c : c["#text"]));
}

describe("a category created with names per language", () => {
  it("keeps the names trimmed, and each language's page, JSON-LD and feed use its own or the typed name", async () => {
    const english = await createPublished(server, token, {
      title: "Returns without losses",
      content: "Text.",
      language: "en",
      categories: [REVERSE, { name: "Noticias", names: { en: "Newsroom" } }],
    });
    expect(english.categories).toEqual([
      {
        id: "logistica-inversa",
        slug: "logistica-inversa",
        name: "Logística inversa",
        names: { en: "Reverse logistics" },
      },
      // A built-in keeps the locale files' names: names sent for it are not stored.
      { id: "noticias", slug: "noticias", name: "Noticias" },
    ]);
    const portuguese = await createPublished(server, token, {
      title: "Devoluções sem perdas",
      content: "Texto.",
      language: "pt",
      categories: [REVERSE],
    });

    expect((await adminArticle(english.id)).categories[0].names).toEqual({ en: "Reverse logistics" });

    expect(await sections(`/en/blog/${english.slug}`)).toEqual(["Reverse logistics", "News"]);
    expect(await sections(`/pt/blog/${portuguese.slug}`)).toEqual(["Logística inversa"]);
    expect(await categoryLinks(`/en/blog/${english.slug}`)).toEqual(["Reverse logistics", "News"]);
    expect(await categoryLinks(`/pt/blog/${portuguese.slug}`)).toEqual(["Logística inversa"]);
    expect(await feedCategories("en", "Returns without losses")).toEqual(["Reverse logistics", "News"]);
    expect(await feedCategories("pt", "Devoluções sem perdas")).toEqual(["Logística inversa"]);

    // The public list hands the names on for its cards and category filter, whatever the page's language.
    const list = await server.api("GET", "/api/articles?lang=pt");
    expect(list.status).toBe(200);
    expect(list.body.categories).toContainEqual(
      expect.objectContaining({ id: "logistica-inversa", names: { en: "Reverse logistics" } }),
    );
  });

  it("refuses a name per language that is too long or a language that does not exist, naming the field", async () => {
    const refused = async (names: unknown) => {
      const result = await server.api("POST", "/api/admin/articles", {
        token,
        body: { title: "Rechazado", content: "c", categories: [{ name: "Uno", names }] },
      });
      expect(result.status).toBe(400);
      return result.body.error.fields;
    };
    expect(await refused({ pt: "x".repeat(61) })).toEqual([
      expect.objectContaining({ field: "categories.0.names.pt", code: "too_long" }),
    ]);
    expect(await refused({ fr: "Logistique inverse" })).toEqual([
      expect.objectContaining({ field: "categories.0.names", code: "invalid" }),
    ]);
  });
});

describe("an article stored before categories had names per language", () => {
  it("reads back unchanged with the typed name on every page, and takes names on its next save", async () => {
    const [item] = await storeFixture(server, "article-before-category-names.json");
    const stored = item as { id: string; slug: string; categories: unknown[] };

    const admin = await adminArticle(stored.id);
    expect(admin.categories).toEqual(stored.categories);
    expect(await sections(`/es/blog/${stored.slug}`)).toEqual(["Logística inversa", "Noticias"]);
    // Under /en/ the Spanish article is shown as it is (no JSON-LD): its category links name it.
    expect(await categoryLinks(`/en/blog/${stored.slug}`)).toEqual(["Logística inversa", "News"]);

    const saved = await server.api("PUT", `/api/admin/articles/${stored.id}`, {
      token,
      body: {
        title: admin.title,
        content: admin.content,
        excerpt: admin.excerpt,
        published: true,
        version: admin.version,
        categories: [{ ...admin.categories[0], names: { en: "Reverse logistics" } }],
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await categoryLinks(`/en/blog/${stored.slug}`)).toEqual(["Reverse logistics"]);
    expect(await categoryLinks(`/pt/blog/${stored.slug}`)).toEqual(["Logística inversa"]);
  });
});
