import type { Language } from "../site/languages.ts";
import type { Article } from "./article.ts";
import type { ArticleMatch, PublishedArticleReads } from "./article-store.ts";

export type ArticlePageMatch = ArticleMatch | "fallback";

/**
 * The article an article URL shows (docs/decisions/0001-blog-url-readings.md): by slug, then id, then former
 * slug; when nothing matches, the first published article (newest first) with
 * `matchedBy: "fallback"`, which the page shows under a "not found" notice. Undefined when
 * the blog has no published article at all. Drafts are never returned. With `language`, the
 * fallback is the newest article in that language when there is one.
 */
export async function resolveArticlePage(
  articles: Pick<PublishedArticleReads, "findPublished" | "listPublished">,
  segment: string,
  language?: Language,
): Promise<{ article: Article; matchedBy: ArticlePageMatch } | undefined> {
  const found = segment.length <= 200 ? await articles.findPublished(segment) : undefined;
  if (found) return found;
  const [first] = (language ? await articles.listPublished(language) : []).concat(await articles.listPublished());
  // Through the public read, like the match: its date and its visibility are the visitor's.
  const fallback = first ? await articles.findPublished(first.id) : undefined;
  return fallback ? { article: fallback.article, matchedBy: "fallback" } : undefined;
}
