import type { Article, AuthorLink, PublicArticle } from "./article.ts";
import { authorIdOf } from "./article-access.ts";
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
  authors?: AuthorLookup,
): Promise<PublicArticle> {
  const [translations, published, authorPage] = await Promise.all([
    articles.publishedTranslations(article),
    articles.listPublished(),
    authors ? authorLinkOf(article, authors) : undefined,
  ]);
  const answered = toPublic(
    withDescription(withContentHtml(article)),
    translations,
    relatedArticles(article, published).map(toRelated),
  );
  return authorPage ? { ...answered, authorPage } : answered;
}

/** Finds a person of the staff by id: their page's slug and name (none for someone unknown). */
export type AuthorLookup = (staffId: string) => Promise<AuthorLink | undefined>;

/**
 * The author's page of an article: its account's (an article stored before accounts is the
 * owner's, docs/decisions/0423-upgrade-to-staff-accounts.md), when its byline is that person's
 * name or none; a byline typed for someone else (a guest) links nowhere.
 */
export async function authorLinkOf(
  article: Pick<Article, "authorId" | "author">,
  authors: AuthorLookup,
): Promise<AuthorLink | undefined> {
  const author = await authors(authorIdOf(article));
  if (!author) return undefined;
  if (article.author && article.author !== author.name) return undefined;
  return author;
}

/** Whether an article is this person's on their author page (the rule of `authorLinkOf`). */
export function isByAuthor(
  article: Pick<Article, "authorId" | "author">,
  author: AuthorLink & { id: string },
): boolean {
  return authorIdOf(article) === author.id && (!article.author || article.author === author.name);
}
