/// <reference lib="dom.iterable" />
import { JSDOM } from "jsdom";
import Parser from "rss-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paragraphs } from "@codcrm/core/article/article-display";
import { renderMarkdown } from "@codcrm/core/article/markdown";
import { escapeHtml } from "@codcrm/core/web/html";
import { SEED_ARTICLES } from "../src/seed.ts";
import { signedInServer, storeFixture, type TestServer } from "./test-server.ts";

const { document } = new JSDOM("<!doctype html><body></body>").window;

function fragment(html: string): DocumentFragment {
  const template = document.createElement("template");
  template.innerHTML = html;
  return template.content;
}

/** Each top-level element as HTML: how two renderings are compared, whatever whitespace lies between. */
function elements(html: string): string[] {
  return [...fragment(html).children].map((element) => element.outerHTML);
}

/** How an article body was rendered before Markdown: one escaped paragraph per non-empty line. */
function renderedBeforeMarkdown(content: string): string {
  return paragraphs(content)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join("");
}

describe("seed articles: the Markdown renderer changes nothing", () => {
  for (const seed of SEED_ARTICLES) {
    it(seed.title, () => {
      const before = elements(renderedBeforeMarkdown(seed.content));
      const after = elements(renderMarkdown(seed.content));
      expect(before.length).toBeGreaterThan(1);
      expect(after).toEqual(before);
    });
  }
});

let server: TestServer;
let token: string;
beforeAll(async () => ({ server, token } = await signedInServer()));
afterAll(() => server.close());

async function page(pathname: string) {
  const response = await fetch(server.url + pathname);
  expect(response.status).toBe(200);
  return new JSDOM(await response.text()).window.document;
}

async function feedItem(title: string) {
  const response = await fetch(server.url + "/es/blog/rss.xml");
  const feed = await new Parser().parseString(await response.text());
  return feed.items.find((item) => item.title === title);
}

const MARKDOWN = [
  "Un párrafo con **negrita** y [un enlace](https://example.com).",
  "Otro párrafo en la línea siguiente.",
  "",
  "## Primero",
  "- uno",
  "- dos",
  "## Segundo",
  "| Plan | Precio |",
  "|------|-------:|",
  "| Básico | 29 € |",
  "## Tercero",
  '<script>alert("x")</script> [mal](javascript:alert(1))',
].join("\n");

describe("articles written in Markdown", () => {
  it("stores the HTML when saved and every public reader gets that HTML", async () => {
    const created = await server.api("POST", "/api/admin/articles", {
      token,
      body: { title: "Escrito en Markdown", excerpt: "Resumen.", content: MARKDOWN, published: true },
    });
    expect(created.status).toBe(201);
    const stored = created.body.article.contentHtml as string;
    expect(stored).toBe(renderMarkdown(MARKDOWN));
    const body = fragment(stored);
    expect(body.firstElementChild?.tagName).toBe("NAV");
    expect(body.querySelector("strong")?.textContent).toBe("negrita");
    expect(body.querySelector('a[href="https://example.com"]')?.getAttribute("rel")).toBe("noopener noreferrer");
    expect(body.querySelector("table td:last-child")?.textContent).toBe("29 €");
    expect(body.querySelector("script")).toBeNull();
    expect(body.querySelector('a[href^="javascript"]')).toBeNull();

    // The public API answers the stored HTML (and the list, no body).
    const slug = created.body.article.slug as string;
    const read = await server.api("GET", `/api/articles/${slug}`);
    expect(read.body.article.contentHtml).toBe(stored);
    const list = await server.api("GET", "/api/articles?limit=100");
    const summary = list.body.articles.find((a: { slug: string }) => a.slug === slug);
    expect(summary).toBeDefined();
    expect(summary.contentHtml).toBeUndefined();

    // The server-rendered page prints it inside the article.
    const document = await page(`/es/blog/${slug}`);
    const content = document.querySelector("article .article-content");
    expect(elements(content?.innerHTML ?? "")).toEqual(elements(stored));

    // The feed carries it as content:encoded, its in-page links made links to the article's page
    // (a feed reader shows it away from the site: docs/decisions/0152-feed-urls-and-enclosure-lengths.md).
    const item = await feedItem("Escrito en Markdown");
    expect(item?.link).toMatch(new RegExp(`/es/blog/${slug}$`));
    expect(elements(item?.["content:encoded"] ?? "")).toEqual(
      elements(stored.replaceAll('href="#', `href="${item?.link}#`)),
    );
  });

  it("renders the HTML again when the content is edited", async () => {
    const created = await server.api("POST", "/api/admin/articles", {
      token,
      body: { title: "Se edita", excerpt: "Resumen.", content: "Antes.", published: true },
    });
    const edited = await server.api("PUT", `/api/admin/articles/${created.body.article.id}`, {
      token,
      body: { title: "Se edita", excerpt: "Resumen.", content: "*Después*.", published: true, version: 1 },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.article.contentHtml).toBe("<p><em>Después</em>.</p>\n");
    const read = await server.api("GET", `/api/articles/${created.body.article.slug}`);
    expect(read.body.article.contentHtml).toBe("<p><em>Después</em>.</p>\n");
  });

  it("reads an article stored before Markdown (no contentHtml) back with its HTML", async () => {
    const items = await storeFixture(server, "article-before-markdown.json");
    const [stored] = items as { slug: string; title: string; content: string; contentHtml?: string }[];
    expect(stored!.contentHtml).toBeUndefined();
    const expected = renderMarkdown(stored!.content);

    const read = await server.api("GET", `/api/articles/${stored!.slug}`);
    expect(read.status).toBe(200);
    expect(read.body.article.contentHtml).toBe(expected);
    const body = fragment(read.body.article.contentHtml);
    expect([...body.querySelectorAll("p")].map((p) => p.textContent)).toEqual([
      "Primer párrafo, escrito como texto.",
      "Segundo párrafo con negrita y un enlace https://example.com/guia.",
      "Último párrafo.",
    ]);
    expect(body.querySelector("h2#un-apartado")).not.toBeNull();

    const document = await page(`/es/blog/${stored!.slug}`);
    expect(elements(document.querySelector("article .article-content")?.innerHTML ?? "")).toEqual(elements(expected));
    const item = await feedItem(stored!.title);
    expect(elements(item?.["content:encoded"] ?? "")).toEqual(elements(expected));

    // Reading renders; it does not rewrite what is stored.
    const admin = await server.api("GET", "/api/admin/articles", { token });
    const raw = admin.body.articles.find((a: { slug: string }) => a.slug === stored!.slug);
    expect(raw.contentHtml).toBeUndefined();
  });
});
