import { afterEach, describe, expect, it, vi } from "vitest";
import { createI18n, createTranslate } from "./translate.ts";

afterEach(() => {
  vi.restoreAllMocks();
});

const strings = {
  nav: { blog: "Blog" },
  blog: {
    views_one: "{{count}} visita",
    views_many: "{{count}} de visitas",
    views_other: "{{count}} visitas",
    readingTime: "{{ minutes }} min de lectura",
  },
  about: {
    team: [
      { name: "Lucía", bio: "Cofundadora de {{brand}}" },
      { name: "Marc", bio: "Ventas" },
    ],
    intro: { title: "Nosotros" },
  },
};

describe("translate", () => {
  const t = createTranslate(strings, "es");

  it("looks strings up by dotted key and fills in their placeholders", () => {
    expect(t("nav.blog")).toBe("Blog");
    expect(t("blog.readingTime", { minutes: 0 })).toBe("0 min de lectura");
  });

  it("meets a number with its noun by the language's plural rules", () => {
    expect(t("blog.views", { count: 1 })).toBe("1 visita");
    expect(t("blog.views", { count: 2 })).toBe("2 visitas");
    expect(t("blog.views", { count: 0 })).toBe("0 visitas");
    // Intl.PluralRules("es") says "many" for a million.
    expect(t("blog.views", { count: 1_000_000 })).toBe("1000000 de visitas");
    const en = createTranslate({ views_one: "{{count}} view", views_other: "{{count}} views" }, "en");
    expect([en("views", { count: 1 }), en("views", { count: 2 }), en("views", { count: 1_000_000 })]).toEqual([
      "1 view",
      "2 views",
      "1000000 views",
    ]);
  });

  it("shows a missing key, or a key that names a group, as the key itself and warns", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(t("nav.nothing")).toBe("nav.nothing");
    expect(t("nav.blog.deeper")).toBe("nav.blog.deeper");
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("nav.nothing"));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("nav.blog.deeper"));
    expect(t("about.intro")).toContain("about.intro");
  });

  it("keeps a placeholder without a value visible and warns", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(t("blog.readingTime")).toBe("{{ minutes }} min de lectura");
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("{{ minutes }}"));
  });

  it("never stands another language in for a missing string", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const i18n = createI18n({ es: strings, en: { nav: {} } }, "en");
    expect(i18n.getFixedT("en")("nav.blog")).toBe("nav.blog");
    expect(warn).toHaveBeenCalled();
  });

  it("reads lists with the placeholders of every string filled in, without changing the strings", () => {
    const list = createI18n({ es: strings }, "es").getFixedT("es");
    expect(list("about.team", { brand: "CodCRM", returnObjects: true })).toEqual([
      { name: "Lucía", bio: "Cofundadora de CodCRM" },
      { name: "Marc", bio: "Ventas" },
    ]);
    expect(strings.about.team[0]!.bio).toBe("Cofundadora de {{brand}}");
  });

  it("treats the values it fills in as text, never as placeholders, and leaves escaping to whoever renders", () => {
    expect(t("blog.readingTime", { minutes: "{{count}}" })).toBe("{{count}} min de lectura");
    expect(t("blog.readingTime", { minutes: "<b>&" })).toBe("<b>& min de lectura");
  });
});
