import { Link } from "react-router";
import type { PublicArticle, RelatedArticle } from "@codcrm/core/article/article";
import { formatArticleDate } from "@codcrm/core/article/article-display";
import { updatedOn } from "@codcrm/core/article/article-labels";
import type { Tag } from "@codcrm/core/article/tags";
import { useLanguage } from "../../i18n/language-context.tsx";
import { useTranslation } from "react-i18next";
import { BlogArticleCard } from "./article-card.tsx";

/** The blog list filtered by one tag (docs/decisions/0075-article-labels.md). */
export function tagListLink(localize: (path: string) => string, slug: string) {
  return { pathname: localize("/blog"), search: `?tag=${encodeURIComponent(slug)}` };
}

/**
 * What follows the date on an article: its author, and "Updated on" when it changed a day or
 * more after it was first published (`updatedOn`, the rule the JSON-LD follows too).
 */
export function ArticleByline({
  article,
}: {
  article: Pick<PublicArticle, "author" | "authorPage" | "createdAt" | "updatedAt" | "publishedAt">;
}) {
  const { t } = useTranslation();
  const { localize } = useLanguage();
  const updated = updatedOn(article);
  // The byline names the person of the staff who wrote it, with their page (docs/decisions/0427-authors-in-public.md).
  const name = article.authorPage?.name ?? article.author;
  return (
    <>
      {name ? (
        <>
          <span aria-hidden="true">·</span>
          <span data-testid="article-author">
            {article.authorPage ? (
              <Link rel="author" className="hover:underline" to={localize(`/blog/autor/${article.authorPage.slug}`)}>
                {t("blog.byAuthor", { author: name })}
              </Link>
            ) : (
              t("blog.byAuthor", { author: name })
            )}
          </span>
        </>
      ) : null}
      {updated ? (
        <>
          <span aria-hidden="true">·</span>
          <span data-testid="article-updated">
            <time dateTime={updated}>{t("blog.updatedOn", { date: formatArticleDate(t, updated) })}</time>
          </span>
        </>
      ) : null}
    </>
  );
}

/** The article's tags, each a link to the blog list filtered by it. */
export function ArticleTags({ tags }: { tags: readonly Tag[] | undefined }) {
  const { t } = useTranslation();
  const { localize } = useLanguage();
  if (!tags?.length) return null;
  return (
    <ul className="mt-3 flex flex-wrap gap-2" aria-label={t("blog.tagsLabel")} data-testid="article-tags">
      {tags.map((tag) => (
        <li key={tag.slug}>
          <Link
            className="rounded-full border border-slate-300 px-3 py-1 text-xs font-semibold text-slate-700 hover:underline"
            to={tagListLink(localize, tag.slug)}
          >
            #{tag.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Up to three articles to read next, chosen by the server (`relatedArticles`). */
export function RelatedArticles({ related }: { related: readonly RelatedArticle[] | undefined }) {
  const { t } = useTranslation();
  if (!related?.length) return null;
  return (
    <section
      aria-labelledby="related-articles"
      className="below-the-fold mt-16 border-t border-slate-200 pt-10"
      data-testid="related-articles"
    >
      <h2 id="related-articles" className="text-2xl font-bold tracking-tight text-ink">
        {t("blog.related")}
      </h2>
      <ul className="mt-6 grid gap-6 md:grid-cols-3">
        {related.map((article) => (
          <BlogArticleCard key={article.id} article={article} />
        ))}
      </ul>
    </section>
  );
}
