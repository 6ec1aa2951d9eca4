import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse, type DefaultTreeAdapterMap } from "parse5";
import Parser from "rss-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LANGUAGES } from "@codcrm/core/site/languages";
import { startTestServer, type TestServer } from "./test-server.ts";

/**
 * Walks the demo blog as a search engine does (sitemap, every article URL under every
 * language, feeds) and checks the multilingual rules of docs/decisions/0050-multilingual-articles.md
 * on what the server answers, whatever produced it.
 */

type Element = DefaultTreeAdapterMap["element"];
type Node = DefaultTreeAdapterMap["node"];

const SITE = "https://codcrm.example";
let server: TestServer;
let webRoot: string;

beforeAll(async () => {
  // No web build: the server writes its plain document (same head, same content).
  webRoot = await mkdtemp(path.join(tmpdir(), "codcrm-seo-"));
  server = await startTestServer({ seed: true, webRoot, env: { SITE_URL: SITE } });
});
afterAll(async () => {
  await server.close();
  await rm(webRoot, { recursive: true, force: true });
});

interface Page {
  url: string;
  status: number;
  location: string | null;
  text: string;
  html?: Document;
}

interface Document {
  lang: string | undefined;
  noindex: boolean;
  canonical: string | undefined;
  alternates: { hreflang: string; href: string }[];
  /** The language the article's title is read in: the nearest `lang` around the <h1>. */
  titleLang: string | undefined;
  /** Each linked card heading on a list: its link and the language it is read in. */
  cards: { href: string; lang: string | undefined }[];
}

function elements(node: Node, out: { element: Element; lang: string | undefined }[] = [], lang?: string) {
  if ("tagName" in node) {
    const own = node.attrs.find((a) => a.name === "lang")?.value;
    lang = own ?? lang;
    out.push({ element: node, lang });
  }
  if ("childNodes" in node) for (const child of node.childNodes) elements(child as Node, out, lang);
  return out;
}

const attr = (element: Element, name: string) => element.attrs.find((a) => a.name === name)?.value;

function readHtml(text: string): Document {
  const all = elements(parse(text) as unknown as Node);
  const html = all.find(({ element }) => element.tagName === "html");
  const links = all.filter(({ element }) => element.tagName === "link").map(({ element }) => element);
  const metas = all.filter(({ element }) => element.tagName === "meta").map(({ element }) => element);
  return {
    lang: html && attr(html.element, "lang"),
    noindex: metas.some((m) => attr(m, "name") === "robots" && /noindex/.test(attr(m, "content") ?? "")),
    canonical: links.find((l) => attr(l, "rel") === "canonical")?.attrs.find((a) => a.name === "href")?.value,
    alternates: links
      .filter((l) => attr(l, "rel") === "alternate" && attr(l, "hreflang"))
      .map((l) => ({ hreflang: attr(l, "hreflang")!, href: attr(l, "href")! })),
    titleLang: all.find(({ element }) => element.tagName === "h1")?.lang,
    cards: all
      .filter(({ element }) => element.tagName === "h2")
      .flatMap(({ element, lang }) => {
        const link = element.childNodes.find((c) => "tagName" in c && c.tagName === "a") as Element | undefined;
        return link ? [{ href: attr(link, "href")!, lang }] : [];
      }),
  };
}

const pages = new Map<string, Promise<Page>>();
/** A site URL (absolute or a path), fetched once from the local server without following redirects. */
function load(url: string): Promise<Page> {
  const absolute = url.startsWith("/") ? SITE + url : url;
  let page = pages.get(absolute);
  if (!page) {
    page = (async () => {
      const response = await fetch(absolute.replace(SITE, server.url), { redirect: "manual" });
      const text = await response.text();
      const html = response.headers.get("content-type")?.includes("text/html") ? readHtml(text) : undefined;
      return { url: absolute, status: response.status, location: response.headers.get("location"), text, html };
    })();
    pages.set(absolute, page);
  }
  return page;
}

/** An indexable page: 200, no noindex, canonical to itself. */
async function expectIndexable(url: string, why: string): Promise<Document> {
  const page = await load(url);
  expect(page.status, `${why}: ${url} answers`).toBe(200);
  expect(page.html?.noindex, `${why}: ${url} is indexable`).toBe(false);
  expect(page.html?.canonical, `${why}: ${url} is its own canonical`).toBe(url);
  return page.html!;
}

async function sitemapArticleUrls(): Promise<string[]> {
  const sitemap = await load("/sitemap.xml");
  const published = (await server.api("GET", "/api/articles?limit=100")).body.articles as { slug: string }[];
  const slugs = new Set(published.map((a) => a.slug));
  return [...sitemap.text.matchAll(/<loc>([^<]+)<\/loc>/g)]
    .map((m) => m[1]!)
    .filter((loc) => slugs.has(loc.split("/blog/")[1] ?? ""));
}

describe("the multilingual blog as a crawler walks it", () => {
  it("lists only real article pages in the sitemap, each indexable, in its language, once", async () => {
    const urls = await sitemapArticleUrls();
    const published = (await server.api("GET", "/api/articles?limit=100")).body.articles as unknown[];
    expect(urls).toHaveLength(published.length);
    expect(new Set(urls.map((u) => u.split("/blog/")[1])).size).toBe(urls.length);
    for (const url of urls) {
      const page = await expectIndexable(url, "sitemap entry");
      const language = new URL(url).pathname.split("/")[1];
      expect(page.lang, url).toBe(language);
      expect(page.titleLang, url).toBe(language);
    }
  });

  it("under every language: real pages with reciprocal hreflang, redirects to translations, fallbacks noindex", async () => {
    const published = (await server.api("GET", "/api/articles?limit=100")).body.articles as { slug: string }[];
    const inSitemap = new Set(await sitemapArticleUrls());
    const seen = { real: 0, redirect: 0, fallback: 0 };
    for (const { slug } of published) {
      for (const language of LANGUAGES) {
        const url = `${SITE}/${language}/blog/${slug}`;
        const page = await load(url);
        if (page.status === 301) {
          // A translation in this language exists: its real page, under this same language.
          seen.redirect++;
          const target = SITE + page.location!;
          expect(new URL(target).pathname.split("/")[1], url).toBe(language);
          const translation = await expectIndexable(target, `redirect from ${url}`);
          expect(translation.lang).toBe(language);
          continue;
        }
        expect(page.status, url).toBe(200);
        const html = page.html!;
        expect(html.lang, `${url}: <html lang>`).toBe(language);
        if (html.canonical === url) {
          seen.real++;
          expect(html.noindex, url).toBe(false);
          expect(html.titleLang, `${url}: the title's lang`).toBe(language);
          const self = html.alternates.find((a) => a.hreflang === language);
          expect(self?.href, `${url}: hreflang names itself`).toBe(url);
          expect(html.alternates.some((a) => a.hreflang === "x-default")).toBe(true);
          for (const alternate of html.alternates) {
            const other = await expectIndexable(alternate.href, `hreflang ${alternate.hreflang} of ${url}`);
            if (alternate.hreflang === "x-default") continue;
            expect(other.lang, `${alternate.href}: <html lang> is its hreflang`).toBe(alternate.hreflang);
            expect(
              other.alternates.some((back) => back.hreflang === language && back.href === url),
              `${alternate.href} links back to ${url}`,
            ).toBe(true);
          }
        } else {
          // The article exists only in other languages: the page says so, in this language.
          seen.fallback++;
          expect(html.noindex, `${url}: a fallback is noindex`).toBe(true);
          expect(html.alternates, `${url}: a fallback names no alternate`).toEqual([]);
          expect(html.canonical, url).toBeDefined();
          const real = await expectIndexable(html.canonical!, `canonical of ${url}`);
          expect(html.titleLang, `${url}: the title is marked with its own language`).toBe(real.lang);
          expect(html.titleLang).not.toBe(language);
          expect(inSitemap.has(url), `${url} is not in the sitemap`).toBe(false);
        }
      }
    }
    // The demo content has all three kinds.
    expect(seen.real).toBe(published.length);
    expect(seen.redirect).toBeGreaterThan(0);
    expect(seen.fallback).toBeGreaterThan(0);
  });

  it("marks every card of a category page with the language it is read in", async () => {
    for (const language of LANGUAGES) {
      const page = await load(`/${language}/blog/gestion-pedidos`);
      expect(page.html?.lang).toBe(language);
      expect(page.html?.cards.length).toBeGreaterThan(0);
      for (const card of page.html!.cards) {
        const target = await expectIndexable(SITE + card.href, `card on /${language}/blog/gestion-pedidos`);
        expect(card.lang ?? language, card.href).toBe(target.lang);
      }
    }
  });

  it("keeps each feed to its language", async () => {
    for (const language of LANGUAGES) {
      const page = await load(`/${language}/blog/rss.xml`);
      expect(page.text).toContain(`<language>${language}</language>`);
      const feed = await new Parser().parseString(page.text);
      expect(feed.items.length, language).toBeGreaterThan(0);
      for (const item of feed.items) {
        const article = await expectIndexable(item.link!, `item of the ${language} feed`);
        expect(article.lang, `${item.link} in the ${language} feed`).toBe(language);
      }
    }
  });
});
