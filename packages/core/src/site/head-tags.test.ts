import { describe, expect, it } from "vitest";
import { headTags } from "./head-tags.ts";

const base = { siteUrl: "https://codcrm.example", productName: "CodCRM", title: "Precios", description: "Planes" };

describe("head tags", () => {
  it("declare canonical, reciprocal alternates and x-default to Spanish", () => {
    const tags = headTags({ ...base, language: "en", page: "/precios" });
    expect(tags.title).toBe("Precios | CodCRM");
    expect(tags.links).toEqual([
      { rel: "canonical", href: "https://codcrm.example/en/precios" },
      { rel: "alternate", hrefLang: "es", href: "https://codcrm.example/es/precios" },
      { rel: "alternate", hrefLang: "en", href: "https://codcrm.example/en/precios" },
      { rel: "alternate", hrefLang: "pt", href: "https://codcrm.example/pt/precios" },
      { rel: "alternate", hrefLang: "x-default", href: "https://codcrm.example/es/precios" },
    ]);
    expect(tags.meta).toContainEqual({ property: "og:url", content: "https://codcrm.example/en/precios" });
    expect(tags.meta).toContainEqual({ property: "og:locale", content: "en_GB" });
  });

  it("name only a page's real versions when it has them, x-default the Spanish one, else itself", () => {
    const versions = [
      { language: "en" as const, page: "/blog/guide" },
      { language: "pt" as const, page: "/blog/guia" },
    ];
    const tags = headTags({ ...base, language: "en", page: "/blog/guide", versions });
    expect(tags.links.filter((l) => l.hrefLang)).toEqual([
      { rel: "alternate", hrefLang: "en", href: "https://codcrm.example/en/blog/guide" },
      { rel: "alternate", hrefLang: "pt", href: "https://codcrm.example/pt/blog/guia" },
      { rel: "alternate", hrefLang: "x-default", href: "https://codcrm.example/en/blog/guide" },
    ]);
    expect(tags.meta.filter((m) => m.property === "og:locale:alternate")).toEqual([
      { property: "og:locale:alternate", content: "pt_PT" },
    ]);
    const withSpanish = headTags({
      ...base,
      language: "en",
      page: "/blog/guide",
      versions: [...versions, { language: "es", page: "/blog/guia-es" }],
    });
    expect(withSpanish.links.find((l) => l.hrefLang === "x-default")?.href).toBe(
      "https://codcrm.example/es/blog/guia-es",
    );
  });

  it("point a page shown under another language at the real one, with its content's locale", () => {
    const tags = headTags({
      ...base,
      language: "pt",
      page: "/blog/guide",
      canonicalPage: "/blog/guide",
      canonicalLanguage: "en",
      contentLanguage: "en",
      versions: [],
      noindex: true,
    });
    expect(tags.links).toEqual([{ rel: "canonical", href: "https://codcrm.example/en/blog/guide" }]);
    expect(tags.meta).toContainEqual({ property: "og:locale", content: "en_GB" });
    expect(tags.meta.some((m) => m.property === "og:locale:alternate")).toBe(false);
  });

  it("use the landing page's bare language URL and keep complete titles", () => {
    const tags = headTags({ ...base, language: "pt", page: "", title: "CodCRM: o CRM" });
    expect(tags.title).toBe("CodCRM: o CRM");
    expect(tags.links[0]).toEqual({ rel: "canonical", href: "https://codcrm.example/pt" });
  });

  it("mark noindex pages and give them no canonical", () => {
    const tags = headTags({ ...base, language: "es", page: "/nada", noindex: true });
    expect(tags.meta).toContainEqual({ name: "robots", content: "noindex" });
    expect(tags.links).toEqual([]);
  });

  it("point the canonical at the page actually shown", () => {
    const tags = headTags({
      ...base,
      language: "es",
      page: "/blog/viejo",
      canonicalPage: "/blog/nuevo",
      fullTitle: true,
      title: "Nuevo | Blog CodCRM",
    });
    expect(tags.links[0]).toEqual({ rel: "canonical", href: "https://codcrm.example/es/blog/nuevo" });
    expect(tags.title).toBe("Nuevo | Blog CodCRM");
  });

  it("keep the canonical of a noindex page that shows another page's content", () => {
    const tags = headTags({
      ...base,
      language: "es",
      page: "/blog/no-existe",
      canonicalPage: "/blog/nuevo",
      noindex: true,
    });
    expect(tags.meta).toContainEqual({ name: "robots", content: "noindex" });
    expect(tags.links).toEqual([{ rel: "canonical", href: "https://codcrm.example/es/blog/nuevo" }]);
  });

  it("show the site's card, absolute, 1200×630 with its alt text, when the page has no image of its own", () => {
    const meta = headTags({ ...base, language: "pt", page: "/blog/sem-capa" }).meta;
    const card = "https://codcrm.example/social-card.png";
    for (const tag of [
      { property: "og:image", content: card },
      { property: "og:image:width", content: "1200" },
      { property: "og:image:height", content: "630" },
      { property: "og:image:alt", content: "CodCRM" },
      { name: "twitter:card", content: "summary_large_image" },
      { name: "twitter:image", content: card },
      { name: "twitter:image:alt", content: "CodCRM" },
    ])
      expect(meta).toContainEqual(tag);
  });

  it("show a page's own image instead, with only what is known of it", () => {
    const meta = headTags({
      ...base,
      language: "es",
      page: "/blog/x",
      image: { url: "https://img.example/a.jpg" },
    }).meta;
    expect(meta.filter((m) => m.property?.startsWith("og:image") || m.name?.startsWith("twitter:image"))).toEqual([
      { property: "og:image", content: "https://img.example/a.jpg" },
      { name: "twitter:image", content: "https://img.example/a.jpg" },
    ]);
  });
});
