import type { MediaInfo } from "../media/srcset.ts";
import type { Language } from "../site/languages.ts";
import type { Article } from "./article.ts";
import type { Category } from "./categories.ts";

/**
 * An article's own social card (docs/decisions/0454-generated-social-cards.md): a 1200×630 PNG
 * with its title, category, author and the brand, in its language, for an article with neither
 * a cover nor a social image. Its address names what it shows (`/media/cards/{id}.{hash}.png`,
 * the hash of the facts below): a new title is a new address, made when first asked for, and an
 * address once made never changes, so it is cached for a year like every image under `/media/`.
 * Pure: the store's reads, the page head and the list's cards all use it.
 */
export const SOCIAL_CARD_SIZE = { width: 1200, height: 630 } as const;
/** The WebP sizes a blog list's card shows it at (its column, and twice that). */
export const SOCIAL_CARD_VARIANT_WIDTHS = [480, 960] as const;
/** Bumped when the card's drawing changes: every article gets a new address, so a new card. */
export const SOCIAL_CARD_DESIGN = 1;
/** Where cards are served: under the site's `/media/`, a folder of their own. */
export const SOCIAL_CARD_FOLDER = "cards";

/** What a card shows, and so what its address names. */
export interface CardFacts {
  id: string;
  title: string;
  language: Language;
  /** The article's first category, as stored (its name in the card's language is the renderer's). */
  category?: Pick<Category, "id" | "name" | "names">;
  author?: string;
}

export function cardFacts(article: Pick<Article, "id" | "title" | "language" | "categories" | "author">): CardFacts {
  const [first] = article.categories;
  return {
    id: article.id,
    title: article.title,
    language: article.language,
    ...(first ? { category: { id: first.id, name: first.name, ...(first.names ? { names: first.names } : {}) } } : {}),
    ...(article.author ? { author: article.author } : {}),
  };
}

/** The text the hash is taken of: the design's version and the facts, in a fixed order. */
export function cardIdentity(facts: CardFacts): string {
  const category = facts.category;
  return JSON.stringify([
    SOCIAL_CARD_DESIGN,
    facts.title,
    facts.language,
    category ? [category.id, category.name, category.names?.[facts.language] ?? null] : null,
    facts.author ?? null,
  ]);
}

/** A card's file: the PNG itself, or one of its WebP variants for the blog's cards. */
export type CardFile = { articleId: string; hash: string; width?: (typeof SOCIAL_CARD_VARIANT_WIDTHS)[number] };

/** `/media/cards/{id}.{hash}.png`, or `…{hash}.w480.webp`. */
export function cardPath(file: CardFile): string {
  const name = file.width ? `${file.articleId}.${file.hash}.w${file.width}.webp` : `${file.articleId}.${file.hash}.png`;
  return `/media/${SOCIAL_CARD_FOLDER}/${name}`;
}

/** The card file an address names, or undefined when it names none. */
export function parseCardPath(pathname: string): CardFile | undefined {
  const match = /^\/media\/cards\/([a-z0-9]{6,40})\.([0-9a-f]{16})(?:\.w(\d+)\.webp|\.png)$/.exec(pathname);
  if (!match) return undefined;
  const width = match[3] === undefined ? undefined : Number(match[3]);
  if (width !== undefined && !(SOCIAL_CARD_VARIANT_WIDTHS as readonly number[]).includes(width)) return undefined;
  return { articleId: match[1]!, hash: match[2]!, ...(width ? { width: width as CardFile["width"] } : {}) };
}

/** The card as a page shows it: its PNG, and the WebP variants a list's `srcset` takes. */
export function cardMedia(articleId: string, hash: string): MediaInfo {
  const { width, height } = SOCIAL_CARD_SIZE;
  return {
    id: `${articleId}.${hash}`,
    url: cardPath({ articleId, hash }),
    width,
    height,
    variants: SOCIAL_CARD_VARIANT_WIDTHS.map((w) => ({
      url: cardPath({ articleId, hash, width: w }),
      width: w,
      height: Math.round((height * w) / width),
    })),
  };
}
