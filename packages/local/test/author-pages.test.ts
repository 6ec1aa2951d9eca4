import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LANGUAGES } from "@codcrm/core/site/languages";
import { createPublished, createTranslation, signedInServer, type TestServer } from "./test-server.ts";

/**
 * Authors in public (docs/decisions/0427-authors-in-public.md): each article names its author
 * with a page per language, rendered by the web app's server build (`npm run build`), with
 * JSON-LD `Person`; the byline links there.
 */
const SITE = "https://codcrm.example";
let server: TestServer;
let token: string;
beforeAll(async () => {
  ({ server, token } = await signedInServer({ env: { SITE_URL: SITE } }));
  const profile = await server.api("PUT", "/api/admin/me", {
    token,
    body: {
      name: "Laura",
      language: "es",
      roleLine: "Directora de contenidos",
      bio: "Escribe sobre logística contra reembolso.",
      photoUrl: "/media/laura.jpg",
    },
  });
  expect(profile.status).toBe(200);
});
afterAll(() => server.close());

async function get(pathname: string) {
  const response = await fetch(server.url + pathname, { redirect: "manual" });
  return { status: response.status, text: await response.text() };
}

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}

describe("author pages", () => {
  it("show the author in every language, with their articles in that language and valid JSON-LD", async () => {
    const es = await createPublished(server, token, { title: "Cobrar contra reembolso", content: "Texto." });
    const en = await createTranslation(server, token, es, "Cash on delivery", { published: true });
    for (const language of LANGUAGES) {
      const page = await get(`/${language}/blog/autor/laura`);
      expect(page.status, language).toBe(200);
      expect(page.text).toMatch(/<h1[^>]*>Laura<\/h1>/);
      expect(page.text).toContain("Directora de contenidos");
      expect(page.text).toContain("Escribe sobre logística contra reembolso.");
      expect(page.text).toMatch(new RegExp(`<html[^>]*lang="${language}"`));
      const [ld] = jsonLd(page.text).filter((block) => block["@type"] === "ProfilePage");
      expect(ld, language).toMatchObject({
        "@context": "https://schema.org",
        "@type": "ProfilePage",
        url: `${SITE}/${language}/blog/autor/laura`,
        inLanguage: language,
        mainEntity: {
          "@type": "Person",
          name: "Laura",
          jobTitle: "Directora de contenidos",
          description: "Escribe sobre logística contra reembolso.",
          image: `${SITE}/media/laura.jpg`,
          url: `${SITE}/${language}/blog/autor/laura`,
        },
      });
      const listed = (ld!.hasPart as { headline: string }[]).map((part) => part.headline);
      expect(listed, language).toEqual(language === "es" ? [es.title] : language === "en" ? [en.title] : []);
    }
    // The canonical is the page's own, in its language.
    expect((await get("/en/blog/autor/laura")).text).toContain(
      `<link rel="canonical" href="${SITE}/en/blog/autor/laura"`,
    );
  });

  it("are linked from the article's byline, JSON-LD and API; an unknown author is a 404, noindex", async () => {
    const article = await createPublished(server, token, { title: "Firmado por Laura", content: "Texto." });
    const page = await get(`/es/blog/${article.slug}`);
    expect(page.text).toMatch(
      /<a[^>]*rel="author"[^>]*href="\/es\/blog\/autor\/laura"|<a[^>]*href="\/es\/blog\/autor\/laura"[^>]*rel="author"/,
    );
    const [posting] = jsonLd(page.text).filter((block) => block["@type"] === "BlogPosting");
    expect(posting!.author).toEqual({ "@type": "Person", name: "Laura", url: `${SITE}/es/blog/autor/laura` });
    const api = await server.api("GET", `/api/articles/${article.slug}`);
    expect(api.body.article.authorPage).toEqual({ slug: "laura", name: "Laura" });
    const data = await server.api("GET", "/api/authors/laura?lang=es");
    expect(data.body.author).toMatchObject({ slug: "laura", name: "Laura", roleLine: "Directora de contenidos" });
    expect(data.body.articles.map((a: { title: string }) => a.title)).toContain("Firmado por Laura");
    expect(JSON.stringify(data.body)).not.toMatch(/@codcrm\.test|passwordHash|scrypt/);
    const missing = await get("/es/blog/autor/nadie");
    expect(missing.status).toBe(404);
    expect(missing.text).toMatch(/<meta name="robots" content="noindex/);
    expect((await server.api("GET", "/api/authors/nadie")).status).toBe(404);
  });
});

describe("an author's photo", () => {
  it("comes from the site or a listed image origin, as an article's images", async () => {
    const refused = await server.api("PUT", "/api/admin/me", {
      token,
      body: { name: "Laura", language: "es", photoUrl: "https://tracker.example/laura.jpg" },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields[0]).toMatchObject({ field: "photoUrl", code: "image_host_not_allowed" });
  });
});
