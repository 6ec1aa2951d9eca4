import { describe, expect, it } from "vitest";
import { categoryListPath } from "./categories.ts";

describe("categoryListPath", () => {
  it("leads a built-in category to its own page", () => {
    expect(categoryListPath({ id: "tutoriales", slug: "tutoriales" })).toBe("/blog/tutoriales");
  });

  it("leads an administrator's own category to the list filtered by its id, encoded", () => {
    expect(categoryListPath({ id: "casos de éxito", slug: "casos-de-exito" })).toBe("/blog?category=casos%20de%20%C3%A9xito");
  });
});
