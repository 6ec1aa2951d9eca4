import { describe, expect, it } from "vitest";
import { createTranslate } from "../site/translate.ts";
import { categoryListPath, categoryName } from "./categories.ts";

describe("categoryName", () => {
  const t = createTranslate({ blog: { categories: { noticias: { name: "News" } } } });

  it("names a built-in category from the page's locale strings", () => {
    expect(categoryName(t, { id: "noticias", name: "Noticias" })).toBe("News");
  });

  it("keeps the name an administrator gave their own category", () => {
    expect(categoryName(t, { id: "casos-de-exito", name: "Casos de éxito" })).toBe("Casos de éxito");
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
