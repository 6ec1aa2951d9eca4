import type { ReactNode } from "react";
import { Link } from "react-router";
import type { ArticleSummary } from "@codcrm/core/article/article";
import { formatArticleDate } from "@codcrm/core/article/article-display";
import { useLanguage } from "../i18n/language-context.tsx";
import { useTranslation } from "react-i18next";

export type CardArticle = Pick<
  ArticleSummary,
  | "id"
  | "slug"
  | "title"
  | "excerpt"
  | "createdAt"
  | "readingTime"
  | "categories"
  | "imageUrl"
  | "language"
  | "imageMedia"
  | "tags"
  | "socialCard"
> &
  Partial<Pick<ArticleSummary, "author">>;

/**
 * An article's card, wherever articles are listed (the blog's lists and related articles,
 * the server's copy of a list, the landing's latest articles): the whole card is its title's
 * link; the title and excerpt carry the article's `lang` when it is not the page's (its group
 * has no version in the page's language, docs/decisions/0055-blog-lists-by-language.md); then
 * its date in the page's language and its reading time. Where it stands gives its frame, what
 * comes above the text (`picture`) and the labels above the title (`labels`: the categories,
 * and the mark that says the article's language, "In Spanish", when it is not the page's), so
 * a page downloads its own look only.
 */
export function ArticleCard({
  article,
  className,
  testId,
  picture,
  labels,
  teaser,
}: {
  article: CardArticle;
  className: string;
  testId?: string;
  picture?: ReactNode;
  labels(mark: string | undefined): ReactNode;
  /** The landing's card, of a fixed height: an `h3`, the title clamped to two lines and the excerpt to three. */
  teaser?: boolean;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const foreign = article.language !== language ? article.language : undefined;
  const Heading = teaser ? "h3" : "h2";
  return (
    <li className={className} data-testid={testId}>
      {picture}
      <div className={`flex ${teaser ? "min-h-0 " : ""}flex-1 flex-col p-5`}>
        {labels(foreign && t("blog.inLanguage", { language: t(`blog.languages.${foreign}`) }))}
        <Heading
          lang={foreign}
          className={`${teaser ? "mt-2 line-clamp-2" : "mt-3"} text-lg font-semibold text-ink group-hover:underline`}
        >
          {/* The article's own page, in its language: a card marked "In Spanish" on an English list
              opens the Spanish page, never a noindex notice page a crawler would follow
              (docs/decisions/0055-blog-lists-by-language.md). */}
          <Link to={`/${article.language}/blog/${article.slug}`} className="after:absolute after:inset-0">
            {article.title}
          </Link>
        </Heading>
        <p lang={foreign} className={`mt-2 ${teaser ? "line-clamp-3 " : ""}flex-1 text-sm text-slate-700`}>
          {article.excerpt}
        </p>
        <p className="mt-3 text-xs text-slate-600">
          <time dateTime={article.createdAt}>{formatArticleDate(t, article.createdAt)}</time> ·{" "}
          {t("common.readingTime", { minutes: article.readingTime })}
          {article.author ? (
            <>
              {" "}
              · <span data-testid="card-author">{t("blog.byAuthor", { author: article.author })}</span>
            </>
          ) : null}
        </p>
      </div>
    </li>
  );
}
