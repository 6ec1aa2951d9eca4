import type { Language } from "../site/languages.ts";

/**
 * Article dates are shown in the company's time zone, so the server-rendered page and the
 * browser (wherever the visitor is) print the same day.
 */
const ARTICLE_TIME_ZONE = "Europe/Madrid";

export function formatArticleDate(language: Language, iso: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: ARTICLE_TIME_ZONE }).format(new Date(iso));
}

/** SPEC: the content is split into paragraphs at each line break; blank lines add none. */
export function paragraphs(content: string): string[] {
  return content
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}
