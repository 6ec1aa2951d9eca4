import { describe, expect, it } from "vitest";
import { createArticle, type Article } from "./article.ts";
import { articleInputSchema } from "./article-schema.ts";
import { savedAgain } from "./article.testing.ts";
import { articleHeadInput, articleJsonLd } from "./article-head.ts";
import { articleQuerySchema, queryArticles } from "./article-query.ts";
import { relatedArticles, updatedOn } from "./article-labels.ts";
import { isSocialImageUrl } from "./social-image.ts";
import { normalizeTags } from "./tags.ts";

const now = new Date("2026-11-01T10:00:00.000Z");
const HOUR = 60 * 60 * 1000;

function make(input: Record<string, unknown>, at = now): Article {
  return createArticle(articleInputSchema.parse({ title: "T", content: "c", ...input }), "id1", "t", at, "<p>c</p>");
}

describe("tags", () => {
  it("slugs each name with the article rule and keeps the first spelling of a slug", () => {
    expect(normalizeTags(["  Contra reembolso ", "contra-reembolso", "CONTRA REEMBOLSO", "Envíos  rápidos"])).toEqual([
      { slug: "contra-reembolso", name: "Contra reembolso" },
      { slug: "envios-rapidos", name: "Envíos rápidos" },
    ]);
  });

  it("drops names without a letter or digit", () => {
    expect(normalizeTags(["--", "!!", "ok"])).toEqual([{ slug: "ok", name: "ok" }]);
  });

  it("accepts up to ten tags in the input and stores them deduplicated", () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `tag ${i}`);
    const refused = articleInputSchema.safeParse({ title: "t", content: "c", tags: eleven });
    expect(refused.error?.issues[0]).toMatchObject({ path: ["tags"], message: "too_many" });
    expect(make({ tags: ["Logística", "logistica", "COD"] }).tags).toEqual([
      { slug: "logistica", name: "Logística" },
      { slug: "cod", name: "COD" },
    ]);
  });

  it("filters the list by a tag's slug", () => {
    const a = { ...make({ tags: ["cod"] }), id: "a", translations: [] };
    const b = { ...make({}), id: "b", translations: [] };
    const { tags: _none, ...old } = { ...make({}), id: "c", translations: [] };
    const ids = (tag?: string) =>
      queryArticles([a, b, old], articleQuerySchema.parse({ tag })).articles.map((x) => x.id);
    expect(ids("cod")).toEqual(["a"]);
    expect(ids(undefined).sort()).toEqual(["a", "b", "c"]);
  });
});

describe("author", () => {
  it("is trimmed, at most 80 characters, plain text; blank is none", () => {
    expect(articleInputSchema.parse({ title: "t", content: "c", author: "  Ana  " }).author).toBe("Ana");
    expect(articleInputSchema.parse({ title: "t", content: "c", author: "  " }).author).toBeUndefined();
    const long = articleInputSchema.safeParse({ title: "t", content: "c", author: "x".repeat(81) });
    expect(long.error?.issues[0]).toMatchObject({ path: ["author"], message: "too_long" });
    const control = articleInputSchema.safeParse({ title: "t", content: "c", author: "A\u0007" });
    expect(control.error?.issues[0]).toMatchObject({ path: ["author"], message: "control_characters" });
  });

  it("is a Person in JSON-LD; without one the company signs", () => {
    const base = { siteUrl: "https://x.es", productName: "CodCRM", language: "es" as const, categoryName: () => "" };
    const withAuthor = { ...make({ author: "Ana" }), translations: [] };
    expect(articleJsonLd(withAuthor, base).author).toEqual({ "@type": "Person", name: "Ana" });
    expect(articleJsonLd({ ...make({}), translations: [] }, base).author).toMatchObject({ "@type": "Organization" });
  });
});

describe("first publication and the updated-on rule", () => {
  it("records the first publication once, and none for a draft", () => {
    const draft = make({ published: false });
    expect(draft.publishedAt).toBeUndefined();
    const later = new Date(now.getTime() + 5 * HOUR);
    const published = savedAgain(draft, { published: true }, later);
    expect(published.publishedAt).toBe(later.toISOString());
    const unpublished = savedAgain(published, {}, later);
    const again = savedAgain(unpublished, { published: true }, new Date(later.getTime() + 48 * HOUR));
    expect(again.publishedAt).toBe(later.toISOString());
  });

  it("an article published before the field existed counts from its creation", () => {
    const { publishedAt: _none, ...old } = make({ published: true });
    const edited = savedAgain(old, { published: true }, new Date(now.getTime() + 72 * HOUR));
    expect(edited.publishedAt).toBe(now.toISOString());
  });

  it("shows an update only a day or more after the first publication", () => {
    const publishedAt = now.toISOString();
    const at = (hours: number) => new Date(now.getTime() + hours * HOUR).toISOString();
    expect(updatedOn({ createdAt: at(-100), publishedAt, updatedAt: at(23.9) })).toBeUndefined();
    expect(updatedOn({ createdAt: at(-100), publishedAt, updatedAt: at(24) })).toBe(at(24));
    // Without a recorded publication: from the creation.
    expect(updatedOn({ createdAt: publishedAt, updatedAt: at(30) })).toBe(at(30));
    expect(updatedOn({ createdAt: publishedAt, updatedAt: at(1) })).toBeUndefined();
  });

  it("JSON-LD names the first publication and the last change", () => {
    const { publishedAt: _p, ...article } = { ...make({ published: true }), updatedAt: "2026-11-05T00:00:00.000Z" };
    const ld = articleJsonLd(
      { ...article, publishedAt: "2026-11-02T00:00:00.000Z", translations: [] },
      { siteUrl: "https://x.es", productName: "CodCRM", language: "es", categoryName: () => "" },
    );
    expect(ld.datePublished).toBe("2026-11-02T00:00:00.000Z");
    expect(ld.dateModified).toBe("2026-11-05T00:00:00.000Z");
  });
});

describe("related articles", () => {
  type Card = Parameters<typeof relatedArticles>[1][number];
  const card = (id: string, over: Partial<Card> = {}): Card => ({
    id,
    translationGroup: id,
    language: "es",
    createdAt: `2026-10-${id.padStart(2, "0")}T00:00:00.000Z`,
    categories: [],
    tags: [],
    published: true,
    ...over,
  });
  const cat = (id: string) => ({ id, slug: id, name: id });
  const tag = (slug: string) => ({ slug, name: slug });
  const me = card("1", { categories: [cat("envios")], tags: [tag("cod"), tag("ecommerce")] });
  const ids = (list: Card[]) => list.map((a) => a.id);

  it("ranks by shared categories plus tags, then newest, at most three", () => {
    const list = [
      card("2", { categories: [cat("envios")] }), // 1 shared
      card("3", { categories: [cat("envios")], tags: [tag("cod")] }), // 2 shared
      card("4"), // none, newest of the unrelated
      card("5", { tags: [tag("ecommerce")] }), // 1 shared, newer than 2
      card("6", { tags: [tag("otra")] }),
    ];
    expect(ids(relatedArticles(me, [me, ...list]))).toEqual(["3", "5", "2"]);
  });

  it("fills with the newest when few share anything, never itself, its translations or drafts", () => {
    const list = [
      card("2"),
      card("3", { translationGroup: "1", language: "en", tags: [tag("cod")] }),
      card("4", { published: false, tags: [tag("cod")] }),
      card("5"),
    ];
    expect(ids(relatedArticles(me, [me, ...list]))).toEqual(["5", "2"]);
  });

  it("keeps to the article's language when the blog has others in it, one card per group", () => {
    const list = [
      card("2", { language: "en", tags: [tag("cod"), tag("ecommerce")] }),
      card("3"),
      card("4", { language: "pt", translationGroup: "3", tags: [tag("cod")] }),
    ];
    expect(ids(relatedArticles(me, [me, ...list]))).toEqual(["3"]);
  });

  it("shows other languages when the article's has no other article", () => {
    const en = card("1", { language: "en", tags: [tag("cod")] });
    const list = [card("2"), card("3", { language: "en", translationGroup: "1" }), card("4", { tags: [tag("cod")] })];
    expect(ids(relatedArticles(en, [en, ...list]))).toEqual(["4", "2"]);
  });
});

describe("search-engine overrides", () => {
  it("blank overrides leave the derived meta fields; typed ones are kept apart", () => {
    // The description the service derived (`articleDescription`) is what a blank override stores.
    const input = articleInputSchema.parse({ title: "Envíos", content: "Texto.", metaTitle: " ", metaDescription: "" });
    const derived = createArticle({ ...input, description: "Texto." }, "id1", "t", now, "<p>Texto.</p>");
    expect(derived).toMatchObject({ metaTitle: "Envíos | Blog CodCRM", metaDescription: "Texto." });
    expect(derived.metaTitleOverride).toBeUndefined();
    expect(derived.metaDescriptionOverride).toBeUndefined();
    const typed = make({ title: "Envíos", metaTitle: " Envíos COD ", metaDescription: "Cómo cobrar." });
    expect(typed).toMatchObject({
      metaTitle: "Envíos COD",
      metaTitleOverride: "Envíos COD",
      metaDescription: "Cómo cobrar.",
      metaDescriptionOverride: "Cómo cobrar.",
    });
  });

  it("a social image is an https URL or a /media/ path, and feeds og:image before the cover", () => {
    expect(isSocialImageUrl("https://cdn.x.es/a.jpg")).toBe(true);
    expect(isSocialImageUrl("/media/2026/a.jpg")).toBe(true);
    for (const bad of [
      "http://x.es/a.jpg",
      "/media/",
      "/media/../secrets",
      "/other/a.jpg",
      "javascript:x",
      "//x.es/a",
    ]) {
      expect(isSocialImageUrl(bad), bad).toBe(false);
    }
    const refused = articleInputSchema.safeParse({ title: "t", content: "c", socialImageUrl: "http://x.es/a.jpg" });
    expect(refused.error?.issues[0]).toMatchObject({ path: ["socialImageUrl"], message: "invalid_image_url" });

    const options = { siteUrl: "https://x.es", productName: "CodCRM", language: "es" as const, segment: "t" };
    const head = (over: Record<string, unknown>) =>
      articleHeadInput(
        { ...make({ imageUrl: "https://x.es/cover.jpg", ...over }), translations: [] },
        { ...options, notFound: false, feed: undefined },
      );
    expect(head({}).image).toEqual({ url: "https://x.es/cover.jpg" });
    expect(head({ socialImageUrl: "/media/social.jpg" }).image).toEqual({ url: "https://x.es/media/social.jpg" });
    expect(head({ metaTitle: "Mi título" })).toMatchObject({ title: "Mi título", fullTitle: true });
  });
});
