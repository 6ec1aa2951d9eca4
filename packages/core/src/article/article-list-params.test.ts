import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_LIST_FILTERS, listFiltersFromParams } from "./article-list-params.ts";
import { articleQuerySchema } from "./article-query.ts";

/** What the blog page read from its address with the API's schema before: its filters, or none when refused. */
function bySchema(params: URLSearchParams) {
  const parsed = articleQuerySchema.safeParse(Object.fromEntries(params));
  if (!parsed.success) return DEFAULT_LIST_FILTERS;
  const { q, category, tag, sort } = parsed.data;
  return { q, category, tag: tag ?? "", sort };
}

// Values near every rule's edges: lengths around the limits, numbers of every kind, spaces.
const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom("", " ", "  envíos  ", "x".repeat(80), "x".repeat(81), " " + "y".repeat(200) + " ", "z".repeat(201)),
);
const number = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "0",
    "1",
    "12",
    "100",
    "101",
    "-1",
    "1.5",
    "1e2",
    "0x10",
    " 7 ",
    "NaN",
    "Infinity",
    "9007199254740993",
  ),
  fc.integer({ min: -5, max: 150 }).map(String),
);
const value: Record<string, fc.Arbitrary<string>> = {
  q: text,
  category: text,
  tag: text,
  sort: fc.constantFrom("newest", "oldest", "popular", "", "Newest", "best"),
  limit: number,
  offset: number,
  lang: fc.constantFrom("es", "en", "pt", "fr", "", "ES"),
  cardsFor: fc.constantFrom("es", "en", "pt", "fr", ""),
  other: text,
};
const address = fc
  .array(fc.tuple(fc.constantFrom(...Object.keys(value)), fc.nat()), { maxLength: 8 })
  .chain((names) =>
    fc
      .tuple(...names.map(([name]) => value[name]!.map((v) => [name, v] as [string, string])))
      .map((entries) => new URLSearchParams(entries)),
  );

describe("the blog page's reading of its address", () => {
  it("is the API schema's, on any address (the page ships without zod)", () => {
    fc.assert(
      fc.property(address, (params) => {
        expect(listFiltersFromParams(params)).toEqual(bySchema(params));
      }),
      { numRuns: 2000 },
    );
  });

  it("reads the filters, and no filter at all from an address the API would refuse", () => {
    expect(listFiltersFromParams(new URLSearchParams("q=%20env%C3%ADos%20&sort=popular&tag=cod"))).toEqual({
      q: "envíos",
      category: "",
      tag: "cod",
      sort: "popular",
    });
    expect(listFiltersFromParams(new URLSearchParams("q=envios&sort=best"))).toEqual(DEFAULT_LIST_FILTERS);
  });
});
