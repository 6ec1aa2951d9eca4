import { describe, expect, it } from "vitest";
import { headTags } from "../site/head-tags.ts";
import { createArticle, toSummary, type PublicTranslation } from "./article.ts";
import { articleHeadInput } from "./article-head.ts";
import { articleFormSchema, articleInputSchema } from "./article-schema.ts";
import { CANONICAL_URL_MAX, canonicalElsewhere } from "./canonical-url.ts";
import { sitemap } from "./sitemap.ts";

/** An article's canonical URL override: docs/decisions/0117-canonical-url-override.md. */

const SITE = "https://codcrm.example";
const ELSEWHERE = "https://medium.com/@codcrm/original";
const parse = (canonicalUrl: unknown) =>
  articleInputSchema.safeParse({ title: "Título", content: "Texto.", canonicalUrl });

function article(id: string, over: Record<string, unknown> = {}) {
  const input = articleInputSchema.parse({ title: `Artículo ${id}`, content: "Texto.", published: true, ...over });
  return createArticle(input, id, `articulo-${id}`, new Date("2026-11-20T10:00:00Z"), "<p>Texto.</p>");
}

describe("the schema's rule", () => {
  it("keeps an absolute http(s) URL in its normal form, and blank as none", () => {
    expect(parse(" HTTPS://Medium.com/@codcrm/a#b ").data?.canonicalUrl).toBe("https://medium.com/@codcrm/a#b");
    expect(parse("http://blog.example.org/post").data?.canonicalUrl).toBe("http://blog.example.org/post");
    expect(parse("").data?.canonicalUrl).toBeUndefined();
    expect(parse("   ").data?.canonicalUrl).toBeUndefined();
    expect(parse(undefined).data?.canonicalUrl).toBeUndefined();
  });

  it("refuses anything else, naming the field, in the form's schema too", () => {
    for (const bad of [
      "/es/blog/otro",
      "medium.com/a",
      "ftp://example.com/a",
      "javascript:alert(1)",
      "mailto:a@b.es",
      "https://",
    ]) {
      expect(parse(bad).error?.issues[0], bad).toMatchObject({ path: ["canonicalUrl"], message: "invalid_url" });
    }
    expect(parse(42).error?.issues[0]?.path).toEqual(["canonicalUrl"]);
    const tooLong = `https://example.com/${"a".repeat(CANONICAL_URL_MAX - 19)}`;
    expect(parse(tooLong).error?.issues[0]).toMatchObject({ path: ["canonicalUrl"], message: "too_long" });
    expect(parse(tooLong.slice(0, -1)).success).toBe(true);
    const form = articleFormSchema.safeParse({ title: "t", excerpt: "e", content: "c", canonicalUrl: "/a" });
    expect(form.error?.issues[0]).toMatchObject({ path: ["canonicalUrl"], message: "invalid_url" });
  });
});

describe("another site", () => {
  it("is another host (name and port); the scheme does not count", () => {
    expect(canonicalElsewhere(undefined, SITE)).toBe(false);
    expect(canonicalElsewhere(`${SITE}/es/blog/otro`, SITE)).toBe(false);
    expect(canonicalElsewhere("http://CODCRM.example/es/blog/otro", SITE)).toBe(false);
    expect(canonicalElsewhere(ELSEWHERE, SITE)).toBe(true);
    expect(canonicalElsewhere("https://www.codcrm.example/es/blog/otro", SITE)).toBe(true);
    expect(canonicalElsewhere("https://codcrm.example:8443/a", SITE)).toBe(true);
    expect(canonicalElsewhere("http://localhost:3000/es/blog/a", "http://localhost:3000")).toBe(false);
  });
});

describe("the page head", () => {
  const options = { siteUrl: SITE, productName: "CodCRM", notFound: false, feed: undefined };
  const tagsOf = (
    a: ReturnType<typeof article>,
    translations: PublicTranslation[],
    language: "es" | "en" | "pt" = a.language,
  ) => headTags(articleHeadInput({ ...a, translations }, { ...options, language, segment: a.slug }));

  it("names the override as canonical; one on another site leaves no hreflang nor locale alternates", () => {
    const tags = tagsOf(article("a", { canonicalUrl: ELSEWHERE }), [{ language: "en", slug: "article-a" }]);
    expect(tags.links).toEqual([{ rel: "canonical", href: ELSEWHERE }]);
    expect(tags.meta.some((m) => m.property === "og:locale:alternate")).toBe(false);
    // og:url stays the page a shared link opens.
    expect(tags.meta).toContainEqual({ property: "og:url", content: `${SITE}/es/blog/articulo-a` });
  });

  it("a translation whose canonical is on another site is no alternate of its group", () => {
    const en = article("b", { language: "en" });
    const tags = tagsOf(en, [
      { language: "es", slug: "articulo-b", canonicalUrl: ELSEWHERE },
      { language: "pt", slug: "artigo-b" },
    ]);
    expect(tags.links.filter((l) => l.hrefLang).map((l) => `${l.hrefLang} ${l.href}`)).toEqual([
      `en ${SITE}/en/blog/articulo-b`,
      `pt ${SITE}/pt/blog/artigo-b`,
      `x-default ${SITE}/en/blog/articulo-b`,
    ]);
  });

  it("one on the site itself: the canonical is it, the alternates as without one", () => {
    const own = `${SITE}/es/blog/la-guia`;
    const tags = tagsOf(article("c", { canonicalUrl: own }), [{ language: "en", slug: "guide-c", canonicalUrl: own }]);
    expect(tags.links[0]).toEqual({ rel: "canonical", href: own });
    expect(tags.links.filter((l) => l.hrefLang).map((l) => l.hrefLang)).toEqual(["es", "en", "x-default"]);
  });

  it("the notice page under another language points at the override too, still noindex", () => {
    const tags = tagsOf(article("d", { canonicalUrl: ELSEWHERE }), [], "pt");
    expect(tags.links).toEqual([{ rel: "canonical", href: ELSEWHERE }]);
    expect(tags.meta).toContainEqual({ name: "robots", content: "noindex" });
  });
});

describe("the sitemap", () => {
  it("leaves out an article whose canonical is on another site, and its group names it nowhere", () => {
    const es = article("e", { canonicalUrl: ELSEWHERE });
    const en = article("f", { language: "en" });
    const pt = article("g", { language: "pt", canonicalUrl: `${SITE}/pt/blog/outro` });
    const xml = sitemap({
      siteUrl: SITE,
      categories: [],
      articles: [
        toSummary(es, [
          { language: "en", slug: en.slug },
          { language: "pt", slug: pt.slug, canonicalUrl: pt.canonicalUrl },
        ]),
        toSummary(en, [
          { language: "es", slug: es.slug, canonicalUrl: ELSEWHERE },
          { language: "pt", slug: pt.slug, canonicalUrl: pt.canonicalUrl },
        ]),
        toSummary(pt, [
          { language: "es", slug: es.slug, canonicalUrl: ELSEWHERE },
          { language: "en", slug: en.slug },
        ]),
      ],
    });
    expect(xml).not.toContain(`/es/blog/${es.slug}`);
    const entry = (url: string) => xml.split("\n").find((line) => line.startsWith(`<url><loc>${url}</loc>`));
    expect(entry(`${SITE}/en/blog/${en.slug}`)).toContain(`hreflang="pt" href="${SITE}/pt/blog/${pt.slug}"`);
    // Without its Spanish version, x-default is the page itself.
    expect(entry(`${SITE}/en/blog/${en.slug}`)).toContain(`hreflang="x-default" href="${SITE}/en/blog/${en.slug}"`);
    expect(entry(`${SITE}/pt/blog/${pt.slug}`)).toBeDefined();
  });
});
