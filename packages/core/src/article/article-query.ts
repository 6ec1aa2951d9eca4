// Zod Mini: a quarter of classic zod's weight where a bundle carries it.
import * as z from "zod/mini";
import { LANGUAGES } from "../site/languages.ts";
import type { ArticleSummary } from "./article.ts";
import { mergeCategoryNames, type Category } from "./categories.ts";
import { oneCardPerGroup } from "./translations.ts";
import {
  ARTICLE_SORTS,
  DEFAULT_ARTICLE_SORT,
  LABEL_MAX,
  LIST_PAGE_SIZE,
  PAGE_SIZE_MAX,
  SEARCH_MAX,
  type ArticleSort,
} from "./article-list-params.ts";

export { ARTICLE_SORTS, DEFAULT_ARTICLE_SORT, PAGE_SIZE_MAX, type ArticleSort };

/**
 * The public list's query string. The blog page reads its address by the same rules without
 * zod (`listFiltersFromParams`, article-list-params.ts; a test keeps the two in step).
 */
export const articleQuerySchema = z.object({
  q: z._default(z.string().check(z.trim(), z.maxLength(SEARCH_MAX, "too_long")), ""),
  category: z._default(z.string().check(z.trim(), z.maxLength(LABEL_MAX, "too_long")), ""),
  /** A tag's slug: only articles with that tag (docs/decisions/0075-article-labels.md). */
  tag: z.optional(z.string().check(z.trim(), z.maxLength(LABEL_MAX, "too_long"))),
  sort: z._default(z.enum(ARTICLE_SORTS, { error: "invalid" }), DEFAULT_ARTICLE_SORT),
  limit: z._default(
    z.coerce
      .number({ error: "invalid" })
      .check(z.int("invalid"), z.minimum(1, "invalid"), z.maximum(PAGE_SIZE_MAX, "invalid")),
    LIST_PAGE_SIZE,
  ),
  offset: z._default(z.coerce.number({ error: "invalid" }).check(z.int("invalid"), z.minimum(0, "invalid")), 0),
  /** Only articles written in this language; without it, every language. */
  lang: z.optional(z.enum(LANGUAGES, { error: "invalid" })),
  /**
   * The list of a page in this language: one article per translation group, the page's
   * language first (`oneCardPerGroup`); `total` and paging then count groups.
   */
  cardsFor: z.optional(z.enum(LANGUAGES, { error: "invalid" })),
});

export type ArticleQuery = z.output<typeof articleQuerySchema>;

export interface ArticlePage {
  articles: ArticleSummary[];
  /** How many articles match the query before `limit`/`offset`. */
  total: number;
  /** Every category used by a published article, for the category selector. */
  categories: Category[];
}

export function matchesSearch(article: Pick<ArticleSummary, "title" | "excerpt">, q: string): boolean {
  const needle = q.trim().toLowerCase();
  if (!needle) return true;
  return article.title.toLowerCase().includes(needle) || article.excerpt.toLowerCase().includes(needle);
}

function compare(sort: ArticleSort) {
  return (a: ArticleSummary, b: ArticleSummary): number => {
    if (sort === "popular" && a.viewCount !== b.viewCount) return b.viewCount - a.viewCount;
    const byDate = a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);
    return sort === "oldest" ? byDate : -byDate;
  };
}

/**
 * Search (title or excerpt, case-insensitive), category filter, sort, one card per group
 * (with `cardsFor`) and paging in one place: a page asks for the next cards of the same set.
 */
export function queryArticles(all: readonly ArticleSummary[], query: ArticleQuery): ArticlePage {
  const categories = new Map<string, Category>();
  for (const article of all) {
    for (const c of article.categories) {
      const seen = categories.get(c.id);
      categories.set(c.id, seen ? mergeCategoryNames(seen, c) : c);
    }
  }
  const matching = all
    .filter((a) => matchesSearch(a, query.q))
    .filter((a) => !query.category || a.categories.some((c) => c.id === query.category))
    .filter((a) => !query.tag || (a.tags ?? []).some((t) => t.slug === query.tag))
    .sort(compare(query.sort));
  const listed = query.cardsFor ? oneCardPerGroup(matching, query.cardsFor).map((card) => card.article) : matching;
  return {
    articles: listed.slice(query.offset, query.offset + query.limit),
    total: listed.length,
    categories: [...categories.values()].sort((a, b) => a.name.localeCompare(b.name, "es")),
  };
}
