import type { Article, PublicArticle } from "./article.ts";
import { toPublic } from "./article.ts";
import { withContentHtml } from "./article-html.ts";
import { withDescription } from "./description.ts";
import { relatedArticles, toRelated } from "./article-labels.ts";
import type { PublishedArticleReads } from "./article-store.ts";

/**
 * A published article as a visitor gets it, from the API and in the article page's data: its
 * published translations (read from its translation group alone) and its related articles
 * (ranked among the published list the repository keeps), so the page needs no second request.
 * Its `metaDescription` is derived now from what is stored (`withDescription`), so every page,
 * card and head tag built from it says the same.
 */
export async function publicArticle(
  articles: Pick<PublishedArticleReads, "listPublished" | "publishedTranslations">,
  article: Article,
): Promise<PublicArticle> {
  const [translations, published] = await Promise.all([
    articles.publishedTranslations(article),
    articles.listPublished(),
  ]);
  return toPublic(
    withDescription(withContentHtml(article)),
    translations,
    relatedArticles(article, published).map(toRelated),
  );
}
