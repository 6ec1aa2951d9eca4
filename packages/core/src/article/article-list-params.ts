import { isLanguage } from "../site/languages.ts";

/**
 * The blog page's reading of its own address (`?q=&category=&tag=&sort=`), without zod: the
 * page would otherwise download the schema library (about 15 KB gzip, a tenth of its
 * JavaScript) only to read four parameters. It follows `articleQuerySchema` (article-query.ts)
 * exactly, which the API validates the same query with: a core test checks the two agree on
 * any address (fast-check), so there is still one rule.
 */
export const ARTICLE_SORTS = ["newest", "oldest", "popular"] as const;
export type ArticleSort = (typeof ARTICLE_SORTS)[number];
/** The list's order when none is chosen (left out of the page's address). */
export const DEFAULT_ARTICLE_SORT: ArticleSort = "newest";
export const PAGE_SIZE_MAX = 100;
/** Cards a blog list shows at first and adds with "load more" (the API's default `limit`). */
export const LIST_PAGE_SIZE = 12;
export const SEARCH_MAX = 200;
export const LABEL_MAX = 80;

export interface ListFilters {
  q: string;
  category: string;
  tag: string;
  sort: ArticleSort;
}

export const DEFAULT_LIST_FILTERS: ListFilters = { q: "", category: "", tag: "", sort: DEFAULT_ARTICLE_SORT };

const isSort = (value: string): value is ArticleSort => (ARTICLE_SORTS as readonly string[]).includes(value);
/** What `z.coerce.number()` with `z.int()` and a range accepts (a safe integer, as zod's `int`). */
const isIntegerIn = (value: string, min: number, max: number) => {
  const number = Number(value);
  return Number.isSafeInteger(number) && number >= min && number <= max;
};

/**
 * The filters of a blog page's address, as the API would read them; an address the API would
 * refuse (any parameter out of its rules) reads as no filter at all, as the page always did.
 */
export function listFiltersFromParams(params: URLSearchParams): ListFilters {
  // A parameter given twice counts by its last value, as `Object.fromEntries` reads it for the API.
  const value = (name: string) => params.getAll(name).at(-1) ?? null;
  const q = value("q")?.trim() ?? "";
  const category = value("category")?.trim() ?? "";
  const tag = value("tag")?.trim();
  const sort = value("sort");
  const limit = value("limit");
  const offset = value("offset");
  const valid =
    q.length <= SEARCH_MAX &&
    category.length <= LABEL_MAX &&
    (tag === undefined || tag.length <= LABEL_MAX) &&
    (sort === null || isSort(sort)) &&
    (limit === null || isIntegerIn(limit, 1, PAGE_SIZE_MAX)) &&
    (offset === null || isIntegerIn(offset, 0, Number.MAX_SAFE_INTEGER)) &&
    ["lang", "cardsFor"].every((name) => value(name) === null || isLanguage(value(name)));
  if (!valid) return DEFAULT_LIST_FILTERS;
  return { q, category, tag: tag ?? "", sort: sort ?? DEFAULT_ARTICLE_SORT };
}
