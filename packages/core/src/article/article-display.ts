import { formatLongDate } from "../site/dates.ts";
import { madridDay } from "../site/madrid-time.ts";
import type { Translate } from "../site/translate.ts";

/**
 * The date an article shows: its creation day in the company's time zone (Madrid), so the
 * server-rendered page and every visitor's browser print the same day.
 */
export function formatArticleDate(t: Translate, createdAt: string): string {
  return formatLongDate(t, madridDay(createdAt));
}

/**
 * How an article body was shown before content was Markdown: a paragraph per line, blank
 * lines adding none (docs/decisions/0014-article-rules.md). The Markdown renderer keeps this
 * for text without Markdown, and its tests compare the two.
 */
export function paragraphs(content: string): string[] {
  return content
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}
