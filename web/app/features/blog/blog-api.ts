import type { AuthorPageData } from "@codcrm/core/article/blog-page-data";
import type { PublicArticle } from "@codcrm/core/article/article";
import type { ArticlePage, ArticleQuery } from "@codcrm/core/article/article-query";
import type { ArticlePageMatch } from "@codcrm/core/article/article-page";
import { ApiError, apiRequest } from "../../lib/api-client.ts";

export interface ArticleResult {
  article: PublicArticle;
  matchedBy: ArticlePageMatch;
}

export function fetchArticles(query: Partial<ArticleQuery>, signal?: AbortSignal): Promise<ArticlePage> {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    if (value !== undefined && value !== "") params.set(name, String(value));
  return apiRequest<ArticlePage>(`/api/articles?${params}`, { signal });
}

/**
 * The article for a URL segment; the first published one (`matchedBy: "fallback"`), in the
 * page's language when there is one, when none matches; undefined when the blog is empty.
 */
export async function fetchArticlePage(
  segment: string,
  language: string | undefined,
  signal?: AbortSignal,
): Promise<ArticleResult | undefined> {
  const lang = language ? `&lang=${encodeURIComponent(language)}` : "";
  try {
    return await apiRequest<ArticleResult>(`/api/articles/${encodeURIComponent(segment)}?fallback=first${lang}`, {
      signal,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  }
}

/** Reports one view; the new count, or undefined when it could not be recorded. */
export function recordView(id: string): Promise<number | undefined> {
  return apiRequest<{ viewCount: number }>(`/api/articles/${encodeURIComponent(id)}/views`, { method: "POST" }).then(
    (body) => body.viewCount,
    (error: unknown) => {
      console.warn("The view could not be recorded", error);
      return undefined;
    },
  );
}

/** An author's page data in `language` (`GET /api/authors/{slug}`); undefined for a slug nobody has. */
export async function fetchAuthorPage(slug: string, language: string | undefined): Promise<AuthorPageData | undefined> {
  const lang = language ? `?lang=${encodeURIComponent(language)}` : "";
  try {
    return await apiRequest<AuthorPageData>(`/api/authors/${encodeURIComponent(slug)}${lang}`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  }
}
