import type { Article, PublicArticle } from "./article.ts";
import { toPublic } from "./article.ts";
import { withContentHtml } from "./article-html.ts";
import { relatedArticles, toRelated } from "./article-labels.ts";
import type { PublishedArticleReads } from "./article-store.ts";

/**
 * A published article as a visitor gets it, from the API and in the article page's data: its
 * published translations (read from its translation group alone) and its related articles
 * (ranked among the published list the repository keeps), so the page needs no second request.
 */
export async function publicArticle(
  articles: Pick<PublishedArticleReads, "listPublished" | "publishedTranslations">,
  article: Article,
): Promise<PublicArticle> {
  const [translations, published] = await Promise.all([
    articles.publishedTranslations(article),
    articles.listPublished(),
  ]);
  return toPublic(withContentHtml(article), translations, relatedArticles(article, published).map(toRelated));
}
