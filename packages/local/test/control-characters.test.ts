import { renderArticleContent } from "@codcrm/core/article/article-html";
import { SaxesParser } from "saxes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogFeed } from "@codcrm/core/article/blog-feed";
import type { ArticleSummary } from "@codcrm/core/article/article";
import { createArticle, signedInServer, type TestServer } from "./test-server.ts";

/** Every C0 control character but tab (U+0009) and line feed (U+000A). */
const REFUSED = Array.from({ length: 32 }, (_, code) => code).filter((code) => code !== 9 && code !== 10);
const ALL_C0 = Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)).join("");

/** A real XML parser: any well-formedness error (a control character is one) throws. */
function parseXml(xml: string): void {
  const parser = new SaxesParser();
  parser.on("error", (error) => {
    throw error;
  });
  parser.write(xml).close();
}

let server: TestServer;
let token: string;
beforeAll(async () => ({ server, token } = await signedInServer({ env: { TRUST_CLIENT_ADDRESS_HEADER: "1" } })));
afterAll(() => server.close());

describe("control characters", () => {
  it("every C0 character but tab and line feed is refused in article text, naming the field", async () => {
    for (const code of REFUSED) {
      const bad = `a${String.fromCharCode(code)}b`;
      for (const field of ["title", "excerpt", "content"]) {
        const result = await server.api("POST", "/api/admin/articles", {
          token,
          body: { title: "Título", content: "Texto.", [field]: bad },
        });
        expect(result.status, `${field} U+${code.toString(16)}`).toBe(400);
        expect(result.body.error.fields).toEqual([expect.objectContaining({ field, code: "control_characters" })]);
      }
      const category = await server.api("POST", "/api/admin/articles", {
        token,
        body: { title: "Título", content: "Texto.", categories: [{ name: bad }] },
      });
      expect(category.status).toBe(400);
      expect(category.body.error.fields[0].field).toBe("categories.0.name");
    }
  });

  it("in contact messages too; \\r\\n becomes \\n, tab and line feed are kept", async () => {
    for (const code of REFUSED) {
      const result = await server.api("POST", "/api/contact", {
        body: { kind: "contact", name: "Ana", email: "ana@example.com", message: `a${String.fromCharCode(code)}b` },
        headers: { "cloudfront-viewer-address": `10.40.${code}.1:1` },
      });
      expect(result.status, `U+${code.toString(16)}`).toBe(400);
      expect(result.body.error.fields[0]).toMatchObject({ field: "message" });
    }
    const created = await createArticle(server, token, {
      title: "Saltos\r\nde línea",
      content: "Uno\r\nDos\tTres",
      excerpt: "E",
      published: true,
    });
    expect(created).toMatchObject({ title: "Saltos\nde línea", content: "Uno\nDos\tTres" });
  });

  it("image URLs are stored in their normal form", async () => {
    const created = await createArticle(server, token, {
      title: "Imagen",
      content: "Texto.",
      imageUrl: "HTTPS://Example.COM:443/a b/../img.jpg",
    });
    expect(created.imageUrl).toBe("https://example.com/img.jpg");
  });

  it("feeds stay well-formed XML even with control characters in stored articles", async () => {
    // Written around the API's validation, as text stored before it would be.
    const articles = await server.deps.articles();
    for (const language of ["es", "en", "pt"] as const) {
      const input = {
        language,
        title: `Datos antiguos ${ALL_C0}`,
        excerpt: `Extracto ${ALL_C0}`,
        content: `Texto ${ALL_C0}`,
        imageUrl: `https://example.com/a.jpg?x=${encodeURIComponent(ALL_C0)}`,
        categories: [{ name: `Categoría ${ALL_C0}` }],
        published: true,
      };
      const stored = await articles.create(
        { ...input, contentHtml: renderArticleContent(input), description: input.excerpt },
        server.clock.now,
      );
      // Each language's feed lists that language's articles.
      const response = await fetch(`${server.url}/${language}/blog/rss.xml`);
      expect(response.status).toBe(200);
      const xml = await response.text();
      expect(() => parseXml(xml), language).not.toThrow();
      expect(xml).toContain(`<guid isPermaLink="false">${stored.id}</guid>`);
      // Tab, line feed and carriage return are XML characters; the others are dropped.
      expect(xml).toContain("<title>Datos antiguos \t\n\r</title>");
    }
  });

  it("a feed built directly from articles with every C0 character parses", () => {
    const article: ArticleSummary = {
      id: `id${ALL_C0}`,
      slug: "s",
      title: `Title <&> ${ALL_C0}`,
      excerpt: `Excerpt "'" ${ALL_C0}`,
      metaDescription: `Description "'" ${ALL_C0}`,
      categories: [{ id: `c${ALL_C0}`, slug: "c", name: `Name ${ALL_C0}` }],
      createdAt: "2026-11-20T10:00:00.000Z",
      updatedAt: "2026-11-21T10:00:00.000Z",
      imageUrl: `https://example.com/${ALL_C0}`,
      viewCount: 50,
    } as unknown as ArticleSummary;
    const xml = blogFeed([article], {
      siteUrl: "https://www.codcrm.com",
      language: "es",
      title: `Blog ${ALL_C0}`,
      description: `Descripción ${ALL_C0}`,
      categoryName: (category) => category.name,
    });
    expect(() => parseXml(xml)).not.toThrow();
    expect(xml).toContain("<title>Title &lt;&amp;&gt; \t\n\r</title>");
  });
});
