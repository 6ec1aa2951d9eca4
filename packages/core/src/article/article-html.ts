import { isLanguage, type Language } from "../site/languages.ts";
import { renderMarkdown, type MediaInfoLookup } from "./markdown.ts";

/**
 * The article's HTML from its Markdown (`docs/decisions/0065-markdown-renderer.md`). Kept
 * apart from `article.ts` and the repository, which every function loads, so that only the
 * functions that save or show an article body carry the renderer.
 */
export function renderArticleContent(
  article: { content: string; language?: unknown },
  mediaInfo?: MediaInfoLookup,
): string {
  return renderMarkdown(article.content, articleLanguage(article), mediaInfo);
}

/** The article with its HTML: the stored one, or, for an article saved before Markdown, rendered now. */
export function withContentHtml<T extends { content: string; contentHtml?: string; language?: unknown }>(
  article: T,
): T & { contentHtml: string } {
  return { ...article, contentHtml: article.contentHtml ?? renderArticleContent(article) };
}

/** The table of contents is titled in the article's language when it has one (Spanish otherwise). */
function articleLanguage(article: { language?: unknown }): Language {
  return isLanguage(article.language) ? article.language : "es";
}
