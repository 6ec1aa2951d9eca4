import { defaultExcerpt, META_DESCRIPTION_LENGTH } from "./derive.ts";
import { markdownText } from "./markdown.ts";

/** The one character that marks a cut description (it counts within the 160). */
export const DESCRIPTION_ELLIPSIS = "…";

/**
 * What an article says of itself to search engines, link previews and feed readers
 * (docs/decisions/0150-descriptions-from-the-excerpt.md): the administrator's own
 * description when there is one, else the excerpt as plain text (`plainDescription`). An
 * excerpt nobody wrote (the default: the content's first 200 characters, cut wherever they
 * end, maybe inside a link) is read from the content instead, whole, so no half Markdown
 * survives. The meta description, Open Graph, the Twitter card, JSON-LD and the feed's
 * `description` all show this one value.
 *
 * It carries the Markdown parser, so only what already shows an article's body loads it (the
 * article API, the page functions, the feed and the admin's editor), never a public page.
 */
export function articleDescription(article: {
  excerpt: string;
  content?: string;
  metaDescriptionOverride?: string;
}): string {
  const override = article.metaDescriptionOverride?.trim();
  if (override) return override;
  const { excerpt, content } = article;
  const written = excerpt.trim() && (content === undefined || excerpt !== defaultExcerpt(content));
  return plainDescription(written ? excerpt : (content ?? ""));
}

/**
 * An article as readers get it: its `metaDescription` derived now, from what is stored,
 * whatever the rule was when it was saved (items saved before hold the content's first 160
 * characters, Markdown included: no rewrite needed).
 */
export function withDescription<T extends { excerpt: string; content?: string; metaDescriptionOverride?: string }>(
  article: T,
): T & { metaDescription: string } {
  return { ...article, metaDescription: articleDescription(article) };
}

/**
 * Markdown reduced to its text (`markdownText`), cut at the last word boundary that keeps it
 * within 160 characters, the ellipsis included, when it is longer.
 */
export function plainDescription(markdown: string): string {
  return cutAtWord(markdownText(markdown), META_DESCRIPTION_LENGTH);
}

/** Counted in characters (code points), so an emoji or an accented letter is never split. */
function cutAtWord(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  const room = chars.slice(0, max - DESCRIPTION_ELLIPSIS.length);
  // The character after the room: a space there means the room ends on a whole word.
  const wholeWord = /\s/.test(chars[room.length] ?? " ");
  let head = room.join("");
  if (!wholeWord) {
    const lastSpace = head.search(/\s\S*$/);
    // One word longer than the whole room is cut inside it: there is no boundary to cut at.
    if (lastSpace > 0) head = head.slice(0, lastSpace);
  }
  // A cut after a comma or a dash would read "pedidos,…": the mark goes with the cut.
  return head.replace(/[\s,;:.\-–—]+$/u, "") + DESCRIPTION_ELLIPSIS;
}
