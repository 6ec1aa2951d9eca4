import type { Article, ArticleSummary, RelatedArticle } from "./article.ts";
import { oneCardPerGroup } from "./translations.ts";

export const RELATED_MAX = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The first publication of an article, for pages and JSON-LD: `createdAt` when it was never recorded. */
export function publishedInstant(article: Pick<Article, "publishedAt" | "createdAt">): string {
  return article.publishedAt ?? article.createdAt;
}

/**
 * The "Updated on" date an article shows: its last change, only when that came a day (24
 * hours) or more after its first publication, so fixing a typo the same day does not
 * announce an update (docs/decisions/0075-article-labels.md).
 */
export function updatedOn(article: Pick<Article, "publishedAt" | "createdAt" | "updatedAt">): string | undefined {
  const first = Date.parse(publishedInstant(article));
  const last = Date.parse(article.updatedAt);
  return last - first >= DAY_MS ? article.updatedAt : undefined;
}

type Rankable = Pick<
  ArticleSummary,
  "id" | "translationGroup" | "language" | "createdAt" | "categories" | "tags" | "published"
>;

/** Categories (by id) and tags (by slug) two articles share. */
export function sharedLabels(a: Pick<Rankable, "categories" | "tags">, b: Pick<Rankable, "categories" | "tags">) {
  const categories = new Set(a.categories.map((c) => c.id));
  const tags = new Set((a.tags ?? []).map((t) => t.slug));
  return (
    b.categories.filter((c) => categories.has(c.id)).length + (b.tags ?? []).filter((t) => tags.has(t.slug)).length
  );
}

/**
 * Up to three published articles to read after `article` (docs/decisions/0076-related-articles.md):
 * never itself nor one of its translations; one per translation group (its version in the
 * article's language first); only the article's language when the blog has any other
 * article in it; ranked by shared categories plus tags, then newest.
 */
export function relatedArticles<T extends Rankable>(
  article: Pick<Rankable, "id" | "translationGroup" | "language" | "categories" | "tags">,
  published: readonly T[],
  max: number = RELATED_MAX,
): T[] {
  const others = published.filter(
    (other) => other.published && other.id !== article.id && other.translationGroup !== article.translationGroup,
  );
  const cards = oneCardPerGroup(others, article.language);
  const sameLanguage = cards.filter((card) => card.inPageLanguage);
  const pool = (sameLanguage.length ? sameLanguage : cards).map((card) => card.article);
  return pool
    .map((other) => ({ other, shared: sharedLabels(article, other) }))
    .sort(
      (a, b) =>
        b.shared - a.shared ||
        b.other.createdAt.localeCompare(a.other.createdAt) ||
        b.other.id.localeCompare(a.other.id),
    )
    .slice(0, max)
    .map(({ other }) => other);
}

/** The card fields a related article carries (nothing of its body). */
export function toRelated(summary: RelatedArticle): RelatedArticle {
  const { id, slug, title, excerpt, createdAt, readingTime, categories, imageUrl, language, tags } = summary;
  return { id, slug, title, excerpt, createdAt, readingTime, categories, imageUrl, language, tags };
}
