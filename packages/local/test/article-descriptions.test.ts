import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PutCommand } from "@aws-sdk/lib-dynamodb";
import { XMLParser } from "fast-xml-parser";
import { parse, type DefaultTreeAdapterMap } from "parse5";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createArticle, startTestServer, type TestServer } from "./test-server.ts";

/**
 * What an article says of itself where it is published (docs/decisions/0150-descriptions-from-the-excerpt.md):
 * the meta description, og:description, twitter:description, JSON-LD and the feed's item
 * `description` carry one plain text, from the excerpt, whatever the stored item holds.
 */

type Element = DefaultTreeAdapterMap["element"];
type Node = DefaultTreeAdapterMap["node"];

const SITE = "https://codcrm.example";
let server: TestServer;
let token: string;
let webRoot: string;

beforeAll(async () => {
  // No web build: the server writes its plain document (same head, same content).
  webRoot = await mkdtemp(path.join(tmpdir(), "codcrm-descriptions-"));
  server = await startTestServer({ webRoot, env: { SITE_URL: SITE } });
  token = await server.login();
});
afterAll(async () => {
  await server.close();
  await rm(webRoot, { recursive: true, force: true });
});

function elements(node: Node, out: Element[] = []): Element[] {
  if ("tagName" in node) out.push(node);
  if ("childNodes" in node) for (const child of node.childNodes) elements(child as Node, out);
  return out;
}
const attr = (element: Element, name: string) => element.attrs.find((a) => a.name === name)?.value;

/** Every description a page publishes: its meta tags by name or property, and its JSON-LD's. */
async function pageDescriptions(pagePath: string) {
  const response = await fetch(server.url + pagePath);
  expect(response.status).toBe(200);
  const all = elements(parse(await response.text()) as unknown as Node);
  const meta = (key: string) =>
    all
      .filter((e) => e.tagName === "meta" && (attr(e, "name") === key || attr(e, "property") === key))
      .map((e) => attr(e, "content"));
  const ld = all.find((e) => e.tagName === "script" && attr(e, "type") === "application/ld+json");
  const ldText = ld?.childNodes.map((c) => ("value" in c ? c.value : "")).join("") ?? "";
  return {
    meta: meta("description"),
    og: meta("og:description"),
    twitter: meta("twitter:description"),
    jsonLd: (JSON.parse(ldText) as { description: string }).description,
  };
}

/** The feed's items, read with an XML parser: title → description. */
async function feedDescriptions(language: string): Promise<Map<string, string>> {
  const text = await (await fetch(`${server.url}/${language}/blog/rss.xml`)).text();
  const feed = new XMLParser({ isArray: (name) => name === "item" }).parse(text) as {
    rss: { channel: { item?: { title: string; description: string }[] } };
  };
  return new Map((feed.rss.channel.item ?? []).map((item) => [String(item.title), String(item.description)]));
}

async function expectEverywhere(pagePath: string, title: string, language: string, description: string) {
  const page = await pageDescriptions(pagePath);
  expect(page).toEqual({ meta: [description], og: [description], twitter: [description], jsonLd: description });
  expect((await feedDescriptions(language)).get(title)).toBe(description);
}

describe("an article stored with Markdown in its excerpt and the earlier derived description", () => {
  it("publishes its excerpt's text, the same in every head tag, JSON-LD, the API and the feed", async () => {
    const fixture = JSON.parse(
      await readFile(path.join(import.meta.dirname, "fixtures/article-markdown-excerpt.json"), "utf8"),
    ) as { items: Record<string, unknown>[] };
    for (const item of fixture.items) {
      await (await server.deps.db()).send(new PutCommand({ TableName: server.deps.config.TABLE_NAME, Item: item }));
    }
    // Its excerpt is the default one (the content's first 200 characters, cut inside a link):
    // the description is the content's text, cut at a word within 160 characters.
    const expected =
      "Set up your locations A tidy warehouse cuts errors: every shelf has a code and every order a route. Weekly deliveries chart See our guide for the details…";
    expect([...expected].length).toBeLessThanOrEqual(160);
    const api = await server.api("GET", "/api/articles/set-up-your-locations");
    expect(api.body.article.metaDescription).toBe(expected);
    await expectEverywhere("/en/blog/set-up-your-locations", "Set up your locations", "en", expected);
  });
});

describe("articles saved now", () => {
  it("derive from the written excerpt, Markdown reduced to its text", async () => {
    const saved = await createArticle(server, token, {
      title: "Cobros sin sorpresas",
      language: "es",
      published: true,
      excerpt:
        "Cómo **cobrar** cada pedido: [la guía](https://codcrm.example/es/blog/guia) y ![Gráfico semanal](https://images.example.com/g.png) en un paso.",
      content: "## Cobros\n\nEl texto completo del artículo, que no es el resumen.",
    });
    const expected = "Cómo cobrar cada pedido: la guía y Gráfico semanal en un paso.";
    expect(saved.metaDescription).toBe(expected);
    expect(saved.metaDescriptionOverride).toBeUndefined();
    await expectEverywhere(`/es/blog/${saved.slug}`, "Cobros sin sorpresas", "es", expected);
  });

  it("keep the administrator's own description as typed, everywhere", async () => {
    const saved = await createArticle(server, token, {
      title: "Descrição própria",
      language: "pt",
      published: true,
      excerpt: "Um **resumo** com Markdown.",
      content: "O texto.",
      metaDescription: "  A descrição escrita para os motores de busca.  ",
    });
    await expectEverywhere(
      `/pt/blog/${saved.slug}`,
      "Descrição própria",
      "pt",
      "A descrição escrita para os motores de busca.",
    );
  });
});

describe("an article without a cover", () => {
  it("is shared with its own card: absolute, 1200×630, its title as alt text, on every card tag (decision 0454)", async () => {
    const response = await fetch(`${server.url}/en/blog/set-up-your-locations`);
    const all = elements(parse(await response.text()) as unknown as Node);
    const content = (key: string) =>
      all
        .filter((e) => e.tagName === "meta" && (attr(e, "name") === key || attr(e, "property") === key))
        .map((e) => attr(e, "content"));
    const [image] = content("og:image");
    expect(image).toMatch(new RegExp(`^${SITE}/media/cards/\\w+\\.[0-9a-f]{16}\\.png$`));
    expect(content("og:image:width")).toEqual(["1200"]);
    expect(content("og:image:height")).toEqual(["630"]);
    expect(content("og:image:alt")).toEqual([content("og:title")[0]?.replace(/ \| Blog CodCRM$/, "")]);
    expect(content("twitter:card")).toEqual(["summary_large_image"]);
    expect(content("twitter:image")).toEqual([image]);
  });
});
