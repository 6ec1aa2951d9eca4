import { describe, expect, it } from "vitest";
import { createArticle, newArticleId, normalizeCategories } from "./article.ts";
import {
  articleFormSchema,
  articleInputSchema,
  articleUpdateSchema,
  CATEGORIES_MAX,
  CONTENT_MAX,
} from "./article-schema.ts";
import { fieldErrors } from "../validation.ts";
import { savedAgain } from "./article.testing.ts";
import { articleQuerySchema, queryArticles } from "./article-query.ts";

const now = new Date("2026-11-01T10:00:00.000Z");

/** What a parse refused, as "field code" lines; none when it passed. */
const issueCodes = (result: { success: true } | { success: false; error: Parameters<typeof fieldErrors>[0] }) =>
  result.success ? [] : fieldErrors(result.error).map(({ field, code }) => `${field} ${code}`);

describe("article input schema", () => {
  it("requires title and content, trims, and defaults the rest", () => {
    const parsed = articleInputSchema.parse({ title: "  Hola ", content: " Texto " });
    expect(parsed).toEqual({ title: "Hola", content: "Texto", categories: [], published: false, language: "es" });
  });

  it("refuses image URLs that are not http(s), accepts an empty one", () => {
    expect(articleInputSchema.safeParse({ title: "t", content: "c", imageUrl: "javascript:alert(1)" }).success).toBe(
      false,
    );
    expect(articleInputSchema.safeParse({ title: "t", content: "c", imageUrl: "no url" }).success).toBe(false);
    expect(articleInputSchema.parse({ title: "t", content: "c", imageUrl: "" }).imageUrl).toBeUndefined();
    expect(articleInputSchema.parse({ title: "t", content: "c", imageUrl: "https://x.es/a.jpg" }).imageUrl).toBe(
      "https://x.es/a.jpg",
    );
  });

  it("turns Windows line ends into \\n before trimming and measuring, and refuses other control characters", () => {
    const parsed = articleInputSchema.parse({ title: "t", content: "\r\n Uno\r\ndos\tfin \r\n", excerpt: " E\r\n" });
    expect(parsed).toMatchObject({ content: "Uno\ndos\tfin", excerpt: "E" });
    const codes = (input: Record<string, unknown>) =>
      issueCodes(articleInputSchema.safeParse({ title: "t", content: "c", ...input }));
    expect(codes({ content: `${"x".repeat(CONTENT_MAX)}\u0001` })).toEqual(["content control_characters"]);
    expect(codes({ content: `${"x".repeat(CONTENT_MAX - 1)}\r\n` })).toEqual([]);
    expect(codes({ title: " \r\n " })).toEqual(["title required"]);
  });

  it("keeps an image URL in its normal form and an uploaded image's path as it is", () => {
    const imageUrl = (value: string) =>
      articleInputSchema.parse({ title: "t", content: "c", imageUrl: value }).imageUrl;
    expect(imageUrl(" https://X.es/a b.jpg ")).toBe("https://x.es/a%20b.jpg");
    expect(imageUrl("/media/2026/a.jpg")).toBe("/media/2026/a.jpg");
    expect(imageUrl("  ")).toBeUndefined();
  });

  it("stores a publication time with its offset as UTC; blank is none; one without an offset is refused", () => {
    const parse = (publishAt: unknown) => articleInputSchema.safeParse({ title: "t", content: "c", publishAt });
    expect(parse("2030-07-01T10:30:00+02:00").data?.publishAt).toBe("2030-07-01T08:30:00.000Z");
    expect(parse("2030-07-01T08:30:00Z").data?.publishAt).toBe("2030-07-01T08:30:00.000Z");
    expect(parse("").data?.publishAt).toBeUndefined();
    for (const bad of ["2030-07-01T08:30:00", "2030-07-01", "mañana", 3]) {
      expect(issueCodes(parse(bad)), String(bad)).toEqual(["publishAt invalid"]);
    }
  });

  it("names the translated article by a trimmed id, and bounds categories", () => {
    const parse = (input: Record<string, unknown>) =>
      articleInputSchema.safeParse({ title: "t", content: "c", ...input });
    const codes = (input: Record<string, unknown>) => issueCodes(parse(input));
    expect(parse({ translationOf: " a1 " }).data?.translationOf).toBe("a1");
    expect(codes({ translationOf: "  " })).toEqual(["translationOf required"]);
    expect(codes({ translationOf: "x".repeat(81) })).toEqual(["translationOf too_long"]);
    const category = (i: number) => ({ name: `Cat ${i}` });
    expect(codes({ categories: Array.from({ length: CATEGORIES_MAX }, (_, i) => category(i)) })).toEqual([]);
    expect(codes({ categories: Array.from({ length: CATEGORIES_MAX + 1 }, (_, i) => category(i)) })).toEqual([
      "categories too_many",
    ]);
    expect(codes({ categories: [{ name: " " }] })).toEqual(["categories.0.name required"]);
  });

  it("an edit names a whole, positive version", () => {
    const parse = (version: unknown) => articleUpdateSchema.safeParse({ title: "t", content: "c", version });
    expect(parse(3).data?.version).toBe(3);
    for (const bad of [0, -1, 1.5, "3", undefined]) {
      expect(issueCodes(parse(bad)), String(bad)).toEqual(["version invalid"]);
    }
  });

  it("the editor's schema also requires the excerpt", () => {
    const result = articleFormSchema.safeParse({ title: "t", content: "c", excerpt: " " });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["excerpt"]);
    expect(result.error?.issues[0]?.message).toBe("required");
  });
});

describe("article model", () => {
  it("derives every field on creation", () => {
    const content = "Contenido ".repeat(30);
    const article = createArticle(
      articleInputSchema.parse({ title: "Título", content }),
      "id1",
      "titulo",
      now,
      "<p>html</p>",
    );
    expect(article).toMatchObject({
      id: "id1",
      slug: "titulo",
      excerpt: content.trim().slice(0, 200) + "...",
      metaTitle: "Título | Blog CodCRM",
      readingTime: 1, // 30 words
      viewCount: 50,
      published: false,
      version: 1,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    });
  });

  it("keeps the old slug as a former slug when it changes, and bumps the version", () => {
    const first = createArticle(
      articleInputSchema.parse({ title: "Uno", content: "c" }),
      "id1",
      "uno",
      now,
      "<p>c</p>",
    );
    const later = new Date(now.getTime() + 1000);
    const second = savedAgain(first, { title: "Dos" }, later, "dos");
    expect(second).toMatchObject({
      slug: "dos",
      formerSlugs: ["uno"],
      version: 2,
      createdAt: first.createdAt,
      updatedAt: later.toISOString(),
    });
    const third = savedAgain(second, { title: "Uno" }, later, "uno");
    expect(third.formerSlugs).toEqual(["dos"]);
  });

  it("recognises built-in categories by id or name and derives the others", () => {
    expect(
      normalizeCategories([
        { name: "Noticias" },
        { id: "automatizacion", name: "x" },
        { name: "Mi Categoría" },
        { name: "noticias" },
      ]),
    ).toEqual([
      { id: "noticias", slug: "noticias", name: "Noticias" },
      { id: "automatizacion", slug: "automatizacion", name: "Automatización" },
      { id: "mi-categoria", slug: "mi-categoria", name: "Mi Categoría" },
    ]);
  });

  it("keeps the names per language an administrator's own category was given, never a built-in's", () => {
    const input = articleInputSchema.parse({
      title: "t",
      content: "c",
      categories: [
        { name: "Logística inversa", names: { es: "  ", en: " Reverse logistics ", pt: "" } },
        { name: "Noticias", names: { en: "Newsroom" } },
        { name: "Sin nombres" },
      ],
    }).categories;
    expect(normalizeCategories(input)).toEqual([
      {
        id: "logistica-inversa",
        slug: "logistica-inversa",
        name: "Logística inversa",
        names: { en: "Reverse logistics" },
      },
      { id: "noticias", slug: "noticias", name: "Noticias" },
      { id: "sin-nombres", slug: "sin-nombres", name: "Sin nombres" },
    ]);
  });

  it("refuses a category name per language that is too long, unknown or not text, naming the field", () => {
    const refused = (names: unknown) =>
      issueCodes(articleInputSchema.safeParse({ title: "t", content: "c", categories: [{ name: "Uno", names }] }));
    expect(refused({ en: "x".repeat(61) })).toEqual(["categories.0.names.en too_long"]);
    expect(refused({ en: "x".repeat(60) })).toEqual([]);
    expect(refused({ pt: "a\u0000b" })).toEqual(["categories.0.names.pt control_characters"]);
    expect(refused({ fr: "Logistique" })).toEqual(["categories.0.names invalid"]);
    expect(refused({ es: 3 })).toEqual(["categories.0.names.es invalid"]);
  });

  it("ids are timestamp-based and distinct within one millisecond", () => {
    const a = newArticleId(now);
    const b = newArticleId(now);
    expect(a.startsWith(String(now.getTime()))).toBe(true);
    expect(a).not.toBe(b);
  });
});

describe("public list query", () => {
  const base = {
    categories: [],
    published: true,
    imageUrl: undefined,
    metaTitle: "",
    metaDescription: "",
    metaKeywords: "",
    readingTime: 1,
    version: 1,
    slug: "",
    language: "es" as const,
    translationGroup: "",
    translations: [],
  };
  const summaries = [
    {
      ...base,
      id: "a",
      title: "Envíos contra reembolso",
      excerpt: "COD",
      createdAt: "2026-01-01",
      updatedAt: "",
      viewCount: 10,
      categories: [{ id: "noticias", slug: "noticias", name: "Noticias" }],
    },
    {
      ...base,
      id: "b",
      title: "Transportistas",
      excerpt: "Cómo elegir ENVÍOS",
      createdAt: "2026-02-01",
      updatedAt: "",
      viewCount: 99,
    },
    { ...base, id: "c", title: "Almacenes", excerpt: "Stock", createdAt: "2026-03-01", updatedAt: "", viewCount: 50 },
  ];

  it("searches title or excerpt case-insensitively and sorts", () => {
    const q = articleQuerySchema.parse({ q: "envíos" });
    expect(queryArticles(summaries, q).articles.map((a) => a.id)).toEqual(["b", "a"]);
    expect(queryArticles(summaries, articleQuerySchema.parse({ sort: "oldest" })).articles.map((a) => a.id)).toEqual([
      "a",
      "b",
      "c",
    ]);
    expect(queryArticles(summaries, articleQuerySchema.parse({ sort: "popular" })).articles.map((a) => a.id)).toEqual([
      "b",
      "c",
      "a",
    ]);
  });

  it("filters by category id and pages", () => {
    expect(
      queryArticles(summaries, articleQuerySchema.parse({ category: "noticias" })).articles.map((a) => a.id),
    ).toEqual(["a"]);
    const page = queryArticles(summaries, articleQuerySchema.parse({ limit: "1", offset: "1" }));
    expect(page.articles.map((a) => a.id)).toEqual(["b"]);
    expect(page.total).toBe(3);
    expect(page.categories.map((c) => c.id)).toEqual(["noticias"]);
  });

  it("lists one card per translation group for a page's language, and pages and counts groups", () => {
    const group = (id: string, translationGroup: string, language: "es" | "en" | "pt", createdAt: string) => ({
      ...base,
      id,
      translationGroup,
      language,
      title: `Título ${id}`,
      excerpt: "",
      createdAt,
      updatedAt: "",
      viewCount: 0,
    });
    const trilingual = [
      group("g1-es", "g1", "es", "2026-01-01"),
      group("g1-en", "g1", "en", "2026-01-02"),
      group("g2-es", "g2", "es", "2026-02-01"),
      group("g3-pt", "g3", "pt", "2026-03-01"),
      group("g4-en", "g4", "en", "2026-04-01"),
    ];
    const ids = (query: Record<string, string>) =>
      queryArticles(trilingual, articleQuerySchema.parse(query)).articles.map((a) => a.id);
    // English versions first (newest first), then the groups without one, newest first.
    expect(ids({ cardsFor: "en" })).toEqual(["g4-en", "g1-en", "g3-pt", "g2-es"]);
    expect(ids({ cardsFor: "es" })).toEqual(["g2-es", "g1-es", "g4-en", "g3-pt"]);
    expect(ids({ cardsFor: "en", sort: "oldest" })).toEqual(["g1-en", "g4-en", "g2-es", "g3-pt"]);
    // The next page continues the same set: total counts groups, not articles.
    const second = queryArticles(trilingual, articleQuerySchema.parse({ cardsFor: "en", limit: "3", offset: "3" }));
    expect(second.articles.map((a) => a.id)).toEqual(["g2-es"]);
    expect(second.total).toBe(4);
    // Search applies before grouping: only the Spanish version matches, so it stands for its group.
    expect(ids({ cardsFor: "en", q: "g1-es" })).toEqual(["g1-es"]);
    // Without cardsFor, every article as before.
    expect(ids({})).toHaveLength(5);
    expect(articleQuerySchema.safeParse({ cardsFor: "fr" }).success).toBe(false);
  });
});
