import { describe, expect, it } from "vitest";
import { fieldErrors } from "../validation.ts";
import { ADMIN_PAGE_DEFAULT, ADMIN_PAGE_MAX, adminArticleQuerySchema } from "./admin-query.ts";

function codes(query: Record<string, unknown>): string[] {
  const result = adminArticleQuerySchema.safeParse(query);
  return result.success ? [] : fieldErrors(result.error).map(({ field, code }) => `${field} ${code}`);
}

describe("the admin list's query", () => {
  it("defaults the search, sort and page size, and trims the search and category", () => {
    expect(adminArticleQuerySchema.parse({})).toEqual({ q: "", sort: "updated", limit: ADMIN_PAGE_DEFAULT });
    expect(adminArticleQuerySchema.parse({ q: "  envíos ", category: " cod ", limit: "7", cursor: "abc" })).toEqual({
      q: "envíos",
      category: "cod",
      sort: "updated",
      limit: 7,
      cursor: "abc",
    });
  });

  it("takes a page size from the query string's text, whole and within bounds", () => {
    expect(adminArticleQuerySchema.parse({ limit: String(ADMIN_PAGE_MAX) }).limit).toBe(ADMIN_PAGE_MAX);
    for (const limit of ["0", String(ADMIN_PAGE_MAX + 1), "1.5", "diez", "-3"]) {
      expect(codes({ limit }), limit).toEqual(["limit invalid"]);
    }
  });

  it("names each bad parameter with its code", () => {
    expect(
      codes({
        q: "x".repeat(201),
        status: "archived",
        category: "x".repeat(81),
        language: "fr",
        sort: "title",
        cursor: "c".repeat(201),
      }),
    ).toEqual([
      "q too_long",
      "status invalid",
      "category too_long",
      "language invalid",
      "sort invalid",
      "cursor too_long",
    ]);
  });
});
