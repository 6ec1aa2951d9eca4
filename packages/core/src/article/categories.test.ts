import { describe, expect, it } from "vitest";
import { createTranslate } from "../site/translate.ts";
import { categoryListPath, categoryName, mergeCategoryNames, ownCategoryName } from "./categories.ts";

describe("categoryName", () => {
  const t = createTranslate({ blog: { categories: { noticias: { name: "News" } } } }, "en");
  const own = { id: "logistica-inversa", name: "Logística inversa", names: { en: "Reverse logistics" } };

  it("names a built-in category from the page's locale strings, whatever names it carries", () => {
    expect(categoryName(t, "en", { id: "noticias", name: "Noticias" })).toBe("News");
    expect(categoryName(t, "en", { id: "noticias", name: "Noticias", names: { en: "Newsroom" } })).toBe("News");
  });

  it("names an administrator's own category by its name in the page's language", () => {
    expect(categoryName(t, "en", own)).toBe("Reverse logistics");
  });

  it("falls back to the typed name in a language without one, and when there are no names at all", () => {
    expect(categoryName(t, "pt", own)).toBe("Logística inversa");
    expect(categoryName(t, "es", own)).toBe("Logística inversa");
    // Stored before categories had names per language: only `name`.
    expect(categoryName(t, "en", { id: "casos-de-exito", name: "Casos de éxito" })).toBe("Casos de éxito");
  });

  it("treats a blank name as no name", () => {
    expect(categoryName(t, "en", { ...own, names: { en: "" } })).toBe("Logística inversa");
  });
});

describe("ownCategoryName", () => {
  it("says when the typed name stands in, so the admin can mark it", () => {
    const own = { name: "Logística inversa", names: { en: "Reverse logistics" } };
    expect(ownCategoryName(own, "en")).toEqual({ text: "Reverse logistics", fallback: false });
    expect(ownCategoryName(own, "pt")).toEqual({ text: "Logística inversa", fallback: true });
    expect(ownCategoryName({ name: "Casos" }, "es")).toEqual({ text: "Casos", fallback: true });
  });
});

describe("mergeCategoryNames", () => {
  it("keeps the first copy's names and fills the languages it lacks from another article's copy", () => {
    const first = { id: "x", slug: "x", name: "Equis", names: { en: "Ex" } };
    const other = { id: "x", slug: "x", name: "Equis", names: { en: "Old ex", pt: "Xis" } };
    expect(mergeCategoryNames(first, other)).toEqual({ ...first, names: { en: "Ex", pt: "Xis" } });
    expect(mergeCategoryNames(first, { id: "x", slug: "x", name: "Equis" })).toBe(first);
  });
});

describe("categoryListPath", () => {
  it("leads a built-in category to its own page", () => {
    expect(categoryListPath({ id: "tutoriales", slug: "tutoriales" })).toBe("/blog/tutoriales");
  });

  it("leads an administrator's own category to the list filtered by its id, encoded", () => {
    expect(categoryListPath({ id: "casos de éxito", slug: "casos-de-exito" })).toBe(
      "/blog?category=casos%20de%20%C3%A9xito",
    );
  });
});
