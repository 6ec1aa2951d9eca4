import { afterEach, describe, expect, it, vi } from "vitest";
import { createTranslate } from "./translate.ts";

afterEach(() => {
  vi.restoreAllMocks();
});

const strings = {
  nav: { blog: "Blog" },
  blog: { views: "{{count}} visitas", readingTime: "{{ minutes }} min de lectura" },
  about: {
    team: [
      { name: "Lucía", bio: "Cofundadora de {{brand}}" },
      { name: "Marc", bio: "Ventas" },
    ],
    intro: { title: "Nosotros" },
  },
};

describe("translate", () => {
  const t = createTranslate(strings);

  it("looks strings up by dotted key and fills in their placeholders", () => {
    expect(t("nav.blog")).toBe("Blog");
    expect(t("blog.views", { count: 51 })).toBe("51 visitas");
    expect(t("blog.readingTime", { minutes: 0 })).toBe("0 min de lectura");
  });

  it("shows a missing key, or a key that names a group, as the key itself and warns", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(t("nav.nothing")).toBe("nav.nothing");
    expect(t("about.intro")).toBe("about.intro");
    expect(t("nav.blog.deeper")).toBe("nav.blog.deeper");
    expect(warn).toHaveBeenCalledTimes(3);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("nav.nothing"));
  });

  it("keeps a placeholder without a value visible and warns", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(t("blog.views")).toBe("{{count}} visitas");
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("{{count}}"));
  });

  it("reads lists with the placeholders of every string filled in, without changing the strings", () => {
    expect(t.list("about.team", { brand: "CodCRM" })).toEqual([
      { name: "Lucía", bio: "Cofundadora de CodCRM" },
      { name: "Marc", bio: "Ventas" },
    ]);
    expect(strings.about.team[0]!.bio).toBe("Cofundadora de {{brand}}");
  });

  it("gives an empty list and warns when the key is not a list", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(t.list("about.intro")).toEqual([]);
    expect(t.list("about.nothing")).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it("treats the values it fills in as text, never as placeholders", () => {
    expect(t("blog.views", { count: "{{minutes}}" })).toBe("{{minutes}} visitas");
  });
});
