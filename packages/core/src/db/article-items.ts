import type { Article } from "../article/article.ts";
import { DEFAULT_VIEW_COUNT } from "../article/derive.ts";
import { storedTags } from "../article/tags.ts";
import { cardFacts, cardMedia } from "../article/social-card.ts";
import { cardHash } from "../article/social-card-hash.ts";
import { DEFAULT_LANGUAGE, isLanguage } from "../site/languages.ts";
import { KIND, keys, publishedPartition, tableDesign } from "./table-design.ts";

/**
 * How an article is stored: its item (`ARTICLE#{id}` / `ARTICLE`, with the index keys of the
 * administrator's list and, when published, of its language's published list) and how a
 * stored item reads back, whatever its age (docs/decisions/0050-multilingual-articles.md).
 */
export function toItem(article: Article): Record<string, unknown> {
  // Derived on read, never stored: the count lives apart, the card follows from the article.
  const { viewCount: _viewCount, socialCard: _socialCard, ...stored } = article;
  const sortKey = `${article.createdAt}#${article.id}`;
  const { byKind, published } = tableDesign.indexes;
  return {
    ...keys.article(article.id),
    ...stored,
    [byKind.partitionKey]: KIND.article,
    [byKind.sortKey]: sortKey,
    ...(article.published
      ? { [published.partitionKey]: publishedPartition(article.language), [published.sortKey]: sortKey }
      : {}),
  };
}

/** `defaultAuthor`: the author of an item stored before articles had one. */
export function fromItem(item: Record<string, unknown>, viewCount: unknown, defaultAuthor?: string): Article {
  const { pk: _pk, sk: _sk, gsi1pk: _a, gsi1sk: _b, gsi2pk: _c, gsi2sk: _d, ...article } = item;
  const read: Article = {
    ...(article as unknown as Omit<Article, "viewCount">),
    // Stored before articles had a language: Spanish, alone in a group of its own.
    language: isLanguage(article.language) ? article.language : DEFAULT_LANGUAGE,
    translationGroup: typeof article.translationGroup === "string" ? article.translationGroup : String(article.id),
    formerSlugs: (article.formerSlugs as string[] | undefined) ?? [],
    // Stored before articles had tags: none.
    tags: storedTags(article.tags),
    viewCount: typeof viewCount === "number" ? viewCount : DEFAULT_VIEW_COUNT,
  };
  const withAuthor = { ...read, author: read.author ?? defaultAuthor };
  return withSocialCard(withAuthor);
}

/**
 * An article without a cover or a social image gets its own card
 * (docs/decisions/0454-generated-social-cards.md), at the address its facts name.
 */
export function withSocialCard(article: Article): Article {
  const { socialCard: _old, ...rest } = article;
  if (rest.imageUrl || rest.socialImageUrl) return rest;
  return { ...rest, socialCard: cardMedia(rest.id, cardHash(cardFacts(rest))) };
}

export function newestFirst(a: { createdAt: string; id: string }, b: { createdAt: string; id: string }): number {
  return b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);
}
