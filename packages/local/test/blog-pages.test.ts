import Parser from "rss-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LANGUAGES } from "@codcrm/core/site/languages";
import { PUBLIC_PAGES } from "@codcrm/core/site/public-pages";
import { createPublished, signedInServer, type TestServer } from "./test-server.ts";

const SITE = "https://codcrm.example";
let server: TestServer;
let token: string;
// The page functions render with the web app's server build (`npm run build`); absolute URLs use SITE.
const STARTED = { env: { SITE_URL: SITE } };
beforeAll(async () => ({ server, token } = await signedInServer(STARTED)));
afterAll(() => server.close());

const create = (body: Record<string, unknown>) => createPublished(server, token, body);

async function get(pathname: string) {
  const response = await fetch(server.url + pathname, { redirect: "manual" });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** The values of a tag's attribute in an HTML document, e.g. meta[name=description] content (names in any case, as HTML reads them). */
function attr(html: string, tag: string, match: string, name: string): string[] {
  const out: string[] = [];
  for (const [element] of html.matchAll(new RegExp(`<${tag}\\b[^>]*>`, "g"))) {
    const [matchName, matchValue] = match.split("=");
    const wanted =
      matchValue === undefined
        ? new RegExp(`\\s${matchName}=`, "i")
        : new RegExp(`\\s${matchName}=${matchValue.replace(/[.+]/g, "\\$&")}`, "i");
    if (!wanted.test(element)) continue;
    const value = new RegExp(`\\s${name}="([^"]*)"`, "i").exec(element)?.[1];
    if (value !== undefined)
      out.push(
        value
          .replace(/&quot;/g, '"')
          .replace(/&#39;/g, "'")
          .replace(/&lt;/g, "<")
          .replace(/&gt;/g, ">")
          .replace(/&amp;/g, "&"),
      );
  }
  return out;
}

/** The page's title, as React hoists it into <head>. */
function title(html: string): string | undefined {
  return /<head>[\s\S]*?<title>([^<]*)<\/title>/.exec(html)?.[1]?.replace(/&amp;/g, "&");
}

/** The titles of the list's cards, in order. */
function cardTitles(html: string): string[] {
  return [...html.matchAll(/data-testid="article-card"[\s\S]*?<h2[^>]*><a [^>]*>([^<]*)<\/a>/g)].map((m) => m[1]!);
}

function jsonBlock(html: string, type: string): unknown {
  const escaped = type.replace(/[+.]/g, "\\$&");
  const body = new RegExp(`<script[^>]*type="${escaped}"[^>]*>([\\s\\S]*?)</script>`).exec(html)?.[1];
  return body === undefined ? undefined : JSON.parse(body);
}

describe("blog pages without published articles", () => {
  it("an article URL answers 404, noindex, with a way back to the blog", async () => {
    const page = await get("/es/blog/lo-que-sea");
    expect(page.status).toBe(404);
    expect(attr(page.text, "meta", 'name="robots"', "content")).toEqual(["noindex"]);
    expect(page.text).toContain("Todavía no hay artículos publicados.");
    expect((await server.api("GET", "/api/articles/lo-que-sea?fallback=first")).status).toBe(404);
  });
});

describe("server-rendered blog pages", () => {
  let first: { id: string; slug: string; title: string };
  let latest: { id: string; slug: string; title: string };
  let renamed: { id: string; slug: string; formerSlug: string };
  let draft: { id: string; slug: string };

  beforeAll(async () => {
    first = await create({
      title: "Primer artículo de automatización",
      content: "Primera línea del texto.\nSegunda línea del texto.",
      categories: [{ id: "automatizacion", name: "Automatización" }],
      imageUrl: "https://images.example/primero.jpg",
      imageAlt: "Panel de pedidos",
    });
    const original = await create({
      title: "Título antiguo",
      content: "Texto del artículo renombrado.",
      categories: [{ id: "noticias", name: "Noticias" }],
    });
    const update = await server.api("PUT", `/api/admin/articles/${original.id}`, {
      token,
      body: {
        title: "Título nuevo",
        excerpt: "Resumen.",
        content: "Texto del artículo renombrado.",
        categories: [{ id: "noticias", name: "Noticias" }],
        published: true,
        version: original.version,
      },
    });
    expect(update.status).toBe(200);
    renamed = { id: original.id, slug: update.body.article.slug, formerSlug: original.slug };
    server.clock.advance(60_000);
    draft = await create({
      title: "Borrador secreto",
      content: "Nadie debe leer esto.",
      categories: [{ id: "automatizacion", name: "Automatización" }],
      published: false,
    });
    latest = await create({ title: "El más reciente", content: "Contenido reciente." });
  });

  it("serves an article as HTML with its head tags, JSON-LD and text, for clients that run no JavaScript", async () => {
    const page = await get(`/es/blog/${first.slug}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, must-revalidate");
    expect(title(page.text)).toBe("Primer artículo de automatización | Blog CodCRM");
    expect(page.text).toMatch(/^<!DOCTYPE html><html lang="es">/);
    // The excerpt, not the content (docs/decisions/0150-descriptions-from-the-excerpt.md).
    expect(attr(page.text, "meta", 'name="description"', "content")).toEqual(["Resumen."]);
    expect(attr(page.text, "meta", 'name="keywords"', "content")[0]).toContain("primer, artículo, automatización");
    expect(attr(page.text, "meta", 'property="og:title"', "content")).toEqual([
      "Primer artículo de automatización | Blog CodCRM",
    ]);
    expect(attr(page.text, "meta", 'property="og:type"', "content")).toEqual(["article"]);
    expect(attr(page.text, "meta", 'property="og:image"', "content")).toEqual(["https://images.example/primero.jpg"]);
    expect(attr(page.text, "meta", 'name="twitter:card"', "content")).toEqual(["summary_large_image"]);
    expect(attr(page.text, "link", 'rel="canonical"', "href")).toEqual([`${SITE}/es/blog/${first.slug}`]);
    expect(attr(page.text, "link", 'hreflang="x-default"', "href")).toEqual([`${SITE}/es/blog/${first.slug}`]);
    // Its only version: hreflang names itself, never the same text under another prefix.
    expect(attr(page.text, "link", 'hreflang="es"', "href")).toEqual([`${SITE}/es/blog/${first.slug}`]);
    expect(attr(page.text, "link", 'hreflang="pt"', "href")).toEqual([]);
    expect(attr(page.text, "link", 'hreflang="en"', "href")).toEqual([]);
    expect(attr(page.text, "meta", 'property="og:locale"', "content")).toEqual(["es_ES"]);
    expect(attr(page.text, "meta", 'property="og:locale:alternate"', "content")).toEqual([]);
    expect(attr(page.text, "link", 'type="application/rss+xml"', "href")).toEqual(["/es/blog/rss.xml"]);
    expect(attr(page.text, "meta", 'name="robots"', "content")).toEqual([]);
    expect(jsonBlock(page.text, "application/ld+json")).toMatchObject({
      "@type": "BlogPosting",
      headline: "Primer artículo de automatización",
      inLanguage: "es",
      url: `${SITE}/es/blog/${first.slug}`,
    });
    // The content: one paragraph per line, in the site's frame (header, main, footer), as the app renders it.
    expect(page.text).toContain("<p>Primera línea del texto.</p>\n<p>Segunda línea del texto.</p>");
    expect(page.text).toMatch(
      /<header class="sticky[\s\S]*<\/header><!--\/\$--><\/div><main id="main"[^>]*><div><!--\$-->(<script type="application\/ld\+json">[^<]*<\/script>)?<article/,
    );
    expect(page.text).toMatch(/<\/main><footer /);
    expect(page.text).toContain("Volver al blog");
    expect(page.text).toContain("50 visitas");
    // The app starts from the page as it is: the start script and its data, no script of the page's own.
    expect(jsonBlock(page.text, "application/json")).toMatchObject({
      routes: { "features/blog/blog-segment-page": [expect.any(String)] },
    });
    // Opening the HTML records no view: the browser reports it once the page runs.
    expect((await server.api("GET", `/api/articles/${first.id}`)).body.article.viewCount).toBe(50);
  });

  it("speaks the page's language around an article that exists only in another: notice, noindex, canonical to it", async () => {
    const page = await get(`/en/blog/${first.slug}`);
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/^<!DOCTYPE html><html lang="en">/);
    expect(page.text).toMatch(/<nav aria-label="Main navigation"/);
    expect(page.text).toContain("Back to the blog");
    expect(page.text).toContain("50 views");
    // The notice links to the article's own page, in its language (attributes in any order).
    expect(page.text).toMatch(
      new RegExp(
        `This article is only available in Spanish\\.(<!-- -->)? <a(?=[^>]*\\bhreflang="es")(?=[^>]*\\bhref="/es/blog/${first.slug}")[^>]*>`,
        "i",
      ),
    );
    // The Spanish title and text say they are Spanish.
    expect(page.text).toMatch(/<h1 lang="es"[^>]*>Primer artículo de automatización<\/h1>/);
    expect(page.text).toMatch(/<div lang="es"[^>]*><p>Primera línea del texto.<\/p>/);
    expect(attr(page.text, "meta", 'name="robots"', "content")).toEqual(["noindex"]);
    expect(attr(page.text, "link", 'rel="canonical"', "href")).toEqual([`${SITE}/es/blog/${first.slug}`]);
    expect(attr(page.text, "link", "hreflang", "href")).toEqual([]);
    expect(jsonBlock(page.text, "application/ld+json")).toBeUndefined();
    // A built-in category is named in English.
    expect(page.text).toMatch(/href="\/en\/blog\/automatizacion"[^>]*>Automation<\/a>/);
  });

  it("finds an article by id and by a former slug, with the canonical at its current slug", async () => {
    for (const segment of [renamed.id, renamed.formerSlug]) {
      const page = await get(`/es/blog/${segment}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain("Título nuevo");
      expect(attr(page.text, "link", 'rel="canonical"', "href")).toEqual([`${SITE}/es/blog/${renamed.slug}`]);
      expect(attr(page.text, "meta", 'name="robots"', "content")).toEqual([]);
    }
    expect((await server.api("GET", `/api/articles/${renamed.formerSlug}?fallback=first`)).body.matchedBy).toBe(
      "formerSlug",
    );
    expect((await server.api("GET", `/api/articles/${renamed.id}?fallback=first`)).body.matchedBy).toBe("id");
  });

  it("shows the first published article under a notice when nothing matches: noindex, canonical to it", async () => {
    for (const segment of ["no-existe", draft.slug, draft.id]) {
      const page = await get(`/es/blog/${segment}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain("No hemos encontrado el artículo que buscabas.");
      expect(page.text).toContain("El más reciente");
      expect(page.text).not.toContain("Nadie debe leer esto");
      expect(attr(page.text, "meta", 'name="robots"', "content")).toEqual(["noindex"]);
      expect(attr(page.text, "link", 'rel="canonical"', "href")).toEqual([`${SITE}/es/blog/${latest.slug}`]);
      expect(attr(page.text, "link", "hreflang", "href")).toEqual([]);
    }
    const api = await server.api("GET", "/api/articles/no-existe?fallback=first");
    expect(api.body).toMatchObject({ matchedBy: "fallback", article: { id: latest.id } });
    expect((await server.api("GET", "/api/articles/no-existe")).status).toBe(404);
  });

  it("renders a category page with its own title, description, canonical and published articles only", async () => {
    const page = await get("/es/blog/automatizacion");
    expect(page.status).toBe(200);
    expect(title(page.text)).toBe("Automatización: artículos del blog | CodCRM");
    expect(attr(page.text, "meta", 'name="description"', "content")[0]).toMatch(/^Cómo automatizar/);
    expect(attr(page.text, "link", 'rel="canonical"', "href")).toEqual([`${SITE}/es/blog/automatizacion`]);
    expect(page.text).toContain(`href="/es/blog/${first.slug}"`);
    expect(page.text).not.toContain("Título nuevo");
    expect(page.text).not.toContain("Borrador secreto");
    const english = await get("/en/blog/automatizacion");
    expect(title(english.text)).toBe("Automation: blog articles | CodCRM");
  });

  it("renders the blog list with its first cards in the HTML and hands them to the app as its data", async () => {
    const page = await get("/es/blog");
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toContain("s-maxage=60");
    expect(title(page.text)).toBe("Blog | CodCRM");
    expect(attr(page.text, "link", 'rel="canonical"', "href")).toEqual([`${SITE}/es/blog`]);
    expect(page.text).toContain('<h1 class="text-4xl font-bold tracking-tight text-ink sm:text-5xl">Blog</h1>');
    // Published Spanish articles link to their own pages; drafts never show.
    expect(page.text).toContain(`href="/es/blog/${first.slug}"`);
    expect(page.text).not.toContain("Borrador secreto");
    // The first page of cards the app would ask the API for, in its order.
    const api = await server.api("GET", "/api/articles?cardsFor=es&limit=12");
    expect(cardTitles(page.text)).toEqual(api.body.articles.map((article: { title: string }) => article.title));
    // With a search in the address, the cards the app will show for it.
    const searched = await get(`/es/blog?q=${encodeURIComponent(first.title)}&sort=oldest`);
    expect(searched.text).toContain(`href="/es/blog/${first.slug}"`);
    expect(searched.text.match(/data-testid="article-card"/g)).toHaveLength(1);
    // The app's own pages and paths under no language are not this page.
    expect(title((await get("/admin/blog")).text)).not.toBe("Blog | CodCRM");
    expect((await get("/xx/blog")).status).toBe(302);
  });

  it("redirects /blog/post/{x} to /blog/{x} and refuses paths without a language", async () => {
    const alias = await get(`/es/blog/post/${first.slug}`);
    expect(alias.status).toBe(301);
    expect(alias.headers.get("location")).toBe(`/es/blog/${first.slug}`);
    expect((await get(`/xx/blog/${first.slug}`)).status).toBe(404);
  });

  it("publishes an RSS 2.0 feed per language, of that language's articles, without drafts", async () => {
    const page = await get("/es/blog/rss.xml");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("application/rss+xml");
    const feed = await new Parser().parseString(page.text);
    expect(feed.title).toBe("Blog de CodCRM");
    expect(feed.link).toBe(`${SITE}/es/blog`);
    expect(page.text).toContain("<language>es</language>");
    expect(feed.items.map((i) => i.title)).toEqual([
      "El más reciente",
      "Título nuevo",
      "Primer artículo de automatización",
    ]);
    expect(feed.items[2]).toMatchObject({
      link: `${SITE}/es/blog/${first.slug}`,
      contentSnippet: "Resumen.",
      categories: ["Automatización"],
    });
    const english = await new Parser().parseString((await get("/en/blog/rss.xml")).text);
    expect(english.title).toBe("CodCRM blog");
    expect(english.items).toEqual([]);
    expect(page.text).not.toContain("Borrador secreto");
    expect((await get("/xx/blog/rss.xml")).status).toBe(404);
  });

  it("lists every public page, category and published article in one sitemap, with alternates", async () => {
    const page = await get("/sitemap.xml");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("application/xml");
    const locs = [...page.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const language of LANGUAGES) {
      for (const p of PUBLIC_PAGES) expect(locs).toContain(`${SITE}/${language}${p}`);
      expect(locs).toContain(`${SITE}/${language}/blog/noticias`);
    }
    // A Spanish article once, under Spanish only.
    expect(locs.filter((l) => l?.endsWith(`/blog/${renamed.slug}`))).toEqual([`${SITE}/es/blog/${renamed.slug}`]);
    expect(locs).not.toContain(`${SITE}/es/blog/${draft.slug}`);
    expect(page.text).not.toContain(renamed.formerSlug + "<");
    const entry = new RegExp(`<url><loc>${SITE}/es/blog/${first.slug}</loc><lastmod>([^<]+)</lastmod>(.*?)</url>`).exec(
      page.text,
    );
    expect(entry?.[1]).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(entry?.[2]).toContain(`hreflang="x-default" href="${SITE}/es/blog/${first.slug}"`);
    expect(entry?.[2]).not.toContain('hreflang="pt"');
  });

  it("serves robots.txt that keeps crawlers out of /admin and points at the sitemap", async () => {
    const page = await get("/robots.txt");
    expect(page.status).toBe(200);
    expect(page.text).toContain("Disallow: /admin");
    expect(page.text).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });

  it("writes markup in article fields as text: nothing in the page can run", async () => {
    const payload = `<script>alert("x")</script><img src=x onerror=alert(1)>`;
    const evil = await create({
      title: `Título ${payload}`,
      excerpt: `Resumen ${payload}`,
      content: `Línea </script><script>alert(2)</script>\n${payload}`,
      categories: [{ name: `Cat <b onmouseover=alert(3)>x</b>` }],
      imageUrl: `https://images.example/a.jpg?"><script>alert(4)</script>`,
      imageAlt: `Portada ${payload}`,
    });
    for (const pathname of [`/es/blog/${evil.slug}`, "/es/blog/rss.xml", "/sitemap.xml"]) {
      const page = await get(pathname);
      expect(page.text).not.toMatch(/<script>|<img src=x|<b onmouseover/);
    }
    const page = await get(`/es/blog/${evil.slug}`);
    expect(page.text).toContain("Título &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    // Each script block closes where it should: the data inside still reads back as the original text.
    const start = jsonBlock(page.text, "application/json") as { stream: string[] };
    expect(start.stream.join("")).toContain(JSON.stringify(`Título ${payload}`));
    expect((jsonBlock(page.text, "application/ld+json") as { headline: string }).headline).toBe(`Título ${payload}`);
    expect(page.text.match(/<\/script>/g)?.length).toBe(3); // JSON-LD, the start script, its data
  });
});

describe("server-rendered blog pages of translated articles", () => {
  let es: { id: string; slug: string };
  let en: { id: string; slug: string };
  let pt: { id: string; slug: string };
  let englishOnly: { id: string; slug: string };

  beforeAll(async () => {
    const automation = [{ id: "automatizacion", name: "Automatización" }];
    es = await create({ title: "Guía de confirmación", content: "Texto en español.", categories: automation });
    en = await create({
      title: "Confirmation guide",
      content: "English text.",
      categories: automation,
      language: "en",
      translationOf: es.id,
    });
    pt = await create({
      title: "Guia de confirmação",
      content: "Texto em português.",
      categories: automation,
      language: "pt",
      translationOf: en.id,
    });
    await create({
      title: "Guía de confirmación (borrador)",
      content: "x",
      language: "pt",
      published: false,
    });
    englishOnly = await create({ title: "Only in English", content: "Just English.", language: "en" });
  });

  it("names each published translation in hreflang and og:locale:alternate, x-default the Spanish one", async () => {
    for (const [language, article, locale] of [
      ["es", es, "es_ES"],
      ["en", en, "en_GB"],
      ["pt", pt, "pt_PT"],
    ] as const) {
      const page = await get(`/${language}/blog/${article.slug}`);
      expect(page.status).toBe(200);
      expect(page.text).toMatch(new RegExp(`^<!DOCTYPE html><html lang="${language}">`));
      expect(attr(page.text, "meta", 'name="robots"', "content")).toEqual([]);
      expect(attr(page.text, "link", 'rel="canonical"', "href")).toEqual([`${SITE}/${language}/blog/${article.slug}`]);
      expect(attr(page.text, "link", 'hreflang="es"', "href")).toEqual([`${SITE}/es/blog/${es.slug}`]);
      expect(attr(page.text, "link", 'hreflang="en"', "href")).toEqual([`${SITE}/en/blog/${en.slug}`]);
      expect(attr(page.text, "link", 'hreflang="pt"', "href")).toEqual([`${SITE}/pt/blog/${pt.slug}`]);
      expect(attr(page.text, "link", 'hreflang="x-default"', "href")).toEqual([`${SITE}/es/blog/${es.slug}`]);
      expect(attr(page.text, "meta", 'property="og:locale"', "content")).toEqual([locale]);
      expect(attr(page.text, "meta", 'property="og:locale:alternate"', "content").sort()).toEqual(
        ["es_ES", "en_GB", "pt_PT"].filter((l) => l !== locale).sort(),
      );
      expect(jsonBlock(page.text, "application/ld+json")).toMatchObject({
        inLanguage: language,
        url: `${SITE}/${language}/blog/${article.slug}`,
      });
    }
    // Sections are named in the article's language.
    const english = await get(`/en/blog/${en.slug}`);
    expect(jsonBlock(english.text, "application/ld+json")).toMatchObject({ articleSection: ["Automation"] });
    // An article without a Spanish version is its own x-default.
    const only = await get(`/en/blog/${englishOnly.slug}`);
    expect(attr(only.text, "link", "hreflang", "href")).toEqual([
      `${SITE}/en/blog/${englishOnly.slug}`,
      `${SITE}/en/blog/${englishOnly.slug}`,
    ]);
  });

  it("redirects an article URL under a language it has a translation in to that translation", async () => {
    for (const [language, from, to] of [
      ["en", es, en],
      ["pt", es, pt],
      ["es", en, es],
      ["pt", en, pt],
    ] as const) {
      const page = await get(`/${language}/blog/${from.slug}`);
      expect(page.status).toBe(301);
      expect(page.headers.get("location")).toBe(`/${language}/blog/${to.slug}`);
    }
    expect((await get(`/en/blog/${es.id}`)).headers.get("location")).toBe(`/en/blog/${en.slug}`);
  });

  it("shows an article under a language it has no translation in with a notice in that language", async () => {
    const page = await get(`/pt/blog/${englishOnly.slug}`);
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/^<!DOCTYPE html><html lang="pt">/);
    expect(page.text).toContain("Este artigo só está disponível em inglês.");
    expect(page.text).toMatch(/<h1 lang="en"[^>]*>Only in English<\/h1>/);
    expect(attr(page.text, "meta", 'name="robots"', "content")).toEqual(["noindex"]);
    expect(attr(page.text, "link", 'rel="canonical"', "href")).toEqual([`${SITE}/en/blog/${englishOnly.slug}`]);
    expect(attr(page.text, "link", "hreflang", "href")).toEqual([]);
    expect(attr(page.text, "meta", 'property="og:locale"', "content")).toEqual(["en_GB"]);
    expect(attr(page.text, "meta", 'property="og:locale:alternate"', "content")).toEqual([]);
  });

  it("points the language selector at the article's versions only", async () => {
    const selectorLinks = (html: string) =>
      Object.fromEntries(
        [...html.matchAll(/<a hrefLang="(\w+)"[^>]*\shref="([^"]*)"/g)].map((m) => [m[1], m[2]] as const),
      );
    expect(selectorLinks((await get(`/en/blog/${en.slug}`)).text)).toEqual({
      es: `/es/blog/${es.slug}`,
      en: `/en/blog/${en.slug}`,
      pt: `/pt/blog/${pt.slug}`,
    });
    // Without a translation: its own language, and the page's (its notice page), never a language it is not in.
    expect(selectorLinks((await get(`/pt/blog/${englishOnly.slug}`)).text)).toEqual({
      en: `/en/blog/${englishOnly.slug}`,
      pt: `/pt/blog/${englishOnly.slug}`,
    });
    // A category page: the same category in each language.
    expect(selectorLinks((await get("/es/blog/automatizacion")).text)).toEqual({
      es: "/es/blog/automatizacion",
      en: "/en/blog/automatizacion",
      pt: "/pt/blog/automatizacion",
    });
  });

  it("lists each article once in the sitemap, under its language, with its translations as alternates", async () => {
    const text = (await get("/sitemap.xml")).text;
    const locs = [...text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs.filter((l) => l?.includes(`/blog/${en.slug}`))).toEqual([`${SITE}/en/blog/${en.slug}`]);
    expect(locs.filter((l) => l?.includes(`/blog/${englishOnly.slug}`))).toEqual([
      `${SITE}/en/blog/${englishOnly.slug}`,
    ]);
    const entry = new RegExp(`<url><loc>${SITE}/en/blog/${en.slug}</loc>.*?</url>`).exec(text)?.[0] ?? "";
    expect([...entry.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`).sort()).toEqual(
      [
        `en ${SITE}/en/blog/${en.slug}`,
        `es ${SITE}/es/blog/${es.slug}`,
        `pt ${SITE}/pt/blog/${pt.slug}`,
        `x-default ${SITE}/es/blog/${es.slug}`,
      ].sort(),
    );
  });

  it("keeps each feed to its language", async () => {
    const english = await new Parser().parseString((await get("/en/blog/rss.xml")).text);
    expect(english.items.map((i) => i.link)).toEqual([
      `${SITE}/en/blog/${englishOnly.slug}`,
      `${SITE}/en/blog/${en.slug}`,
    ]);
    const portuguese = await new Parser().parseString((await get("/pt/blog/rss.xml")).text);
    expect(portuguese.items.map((i) => i.title)).toEqual(["Guia de confirmação"]);
  });

  it("shows one card per group on a category page, the page's language first, others marked", async () => {
    const page = await get("/en/blog/automatizacion");
    const links = [...page.text.matchAll(/<h2( lang="\w+")? [^>]*><a [^>]*href="([^"]+)"/g)].map(
      (m) => `${m[2]}${m[1] ?? ""}`,
    );
    expect(links[0]).toBe(`/en/blog/${en.slug}`);
    expect(links).not.toContain(`/es/blog/${es.slug} lang="es"`);
    expect(links.slice(1).every((l) => l.endsWith(' lang="es"'))).toBe(true);
    expect(page.text).toContain("In Spanish");
    const api = await server.api("GET", "/api/articles/nothing-here?fallback=first&lang=pt");
    expect(api.body).toMatchObject({ matchedBy: "fallback", article: { id: pt.id } });
  });
});
