import { BLOG_TITLE_SUFFIX } from "../brand.ts";

export const EXCERPT_LENGTH = 200;
/** Search engines show about this much of a description: derived ones fit in it (`description.ts`). */
export const META_DESCRIPTION_LENGTH = 160;
export const META_KEYWORDS_MAX = 10;
export const READING_WORDS_PER_MINUTE = 200;
export const DEFAULT_VIEW_COUNT = 50;

const ELLIPSIS = "...";

/** First 200 characters of the content plus an ellipsis (only when something was cut). */
export function defaultExcerpt(content: string): string {
  const text = content.trim();
  return text.length > EXCERPT_LENGTH ? text.slice(0, EXCERPT_LENGTH) + ELLIPSIS : text;
}

export function metaTitle(title: string): string {
  return `${title} | ${BLOG_TITLE_SUFFIX}`;
}

/**
 * Lowercase words longer than three characters, title words first, then content words,
 * without repeats, at most ten, joined by ", ".
 */
export function metaKeywords(title: string, content: string): string {
  const keywords = new Set<string>();
  for (const text of [title, content]) {
    for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
      if (keywords.size >= META_KEYWORDS_MAX) break;
      if ([...word].length > 3) keywords.add(word);
    }
  }
  return [...keywords].join(", ");
}

/**
 * Words of an article's text: runs of non-space characters with at least one letter or
 * digit, so Markdown's own marks ("##", "-", ">", "|") are not counted and "**negrita**" or
 * a URL counts once.
 */
export function countWords(content: string): number {
  return content.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** Minutes to read: words divided by 200, rounded up (at least one minute). */
export function readingTime(content: string): number {
  return Math.max(1, Math.ceil(countWords(content) / READING_WORDS_PER_MINUTE));
}
