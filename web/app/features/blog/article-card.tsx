import { Link } from "react-router";
import { buildSrcset } from "@codcrm/core/media/srcset";
import { CardImage } from "../../ui/card-image.tsx";
import type { ArticleSummary } from "@codcrm/core/article/article";
import { formatArticleDate } from "@codcrm/core/article/article-display";
import { useLanguage, useTranslation } from "../../i18n/language-context.tsx";
import { useCategoryLabel } from "../../i18n/category-label.ts";

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
>;

/**
 * A blog card: its cover (else a panel with the brand's mark), category tags, title, excerpt, date in the page's language, reading
 * time. An article not written in the page's language (its group has no version in it) is
 * marked with its language, and its title and excerpt carry their `lang`.
 */
export function ArticleCard({
  article,
  ownPageLinks,
  imageAtOnce,
}: {
  article: CardArticle;
  ownPageLinks?: boolean;
  /** The first card of a list: its image is asked for at once, with high priority. */
  imageAtOnce?: boolean;
}) {
  const { t } = useTranslation();
  const { language, localize } = useLanguage();
  const label = useCategoryLabel();
  const foreign = article.language !== language ? article.language : undefined;
  return (
    <li
      className="group relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      data-testid="article-card"
    >
      {article.imageUrl ? (
        <CardImage
          src={article.imageUrl}
          srcSet={article.imageMedia ? buildSrcset(article.imageMedia.variants) || undefined : undefined}
          sizes={article.imageMedia ? CARD_IMAGE_SIZES : undefined}
          className="aspect-[2/1] w-full bg-slate-100 object-cover"
          atOnce={imageAtOnce}
        />
      ) : (
        // No cover: a panel of the cover's size with the brand's mark, so cards in a row keep
        // one shape instead of one with a picture beside others with a blank block
        // (docs/decisions/0151-default-social-image.md). The favicon is already in the cache.
        <div
          aria-hidden="true"
          className="flex aspect-[2/1] w-full items-center justify-center bg-brand-50"
          data-testid="card-no-cover"
        >
          <img src="/favicon.svg" alt="" width={56} height={56} className="opacity-90" />
        </div>
      )}
      <div className="flex flex-1 flex-col p-5">
        {article.categories.length ? (
          <ul className="flex flex-wrap gap-2" aria-label={t("blog.categoryLabel")}>
            {article.categories.map((c) => (
              <li key={c.id} className="rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-800">
                {label(c)}
              </li>
            ))}
          </ul>
        ) : null}
        {foreign ? (
          <p className="mt-3 text-xs font-semibold text-brand-800" data-testid="card-language">
            {t("blog.inLanguage", { language: t(`blog.languages.${foreign}`) })}
          </p>
        ) : null}
        <h2 lang={foreign} className="mt-3 text-lg font-semibold text-ink group-hover:underline">
          <Link
            to={
              // For crawlers (the server's copy): the article's own page, never a noindex notice
              // page (docs/decisions/0055-blog-lists-by-language.md).
              ownPageLinks ? `/${article.language}/blog/${article.slug}` : localize(`/blog/${article.slug}`)
            }
            className="after:absolute after:inset-0"
          >
            {article.title}
          </Link>
        </h2>
        <p lang={foreign} className="mt-2 flex-1 text-sm text-slate-700">
          {article.excerpt}
        </p>
        <p className="mt-3 text-xs text-slate-600">
          <time dateTime={article.createdAt}>{formatArticleDate(t, article.createdAt)}</time> ·{" "}
          {t("common.readingTime", { minutes: article.readingTime })}
        </p>
      </div>
    </li>
  );
}

/** The list's cards (also the server's copy of a category page, ./server-markup.tsx). */
export function ArticleCardList({
  articles,
  ownPageLinks,
  firstImageAtOnce,
}: {
  articles: readonly CardArticle[];
  /** Link each card to its article's own page, whatever the page's language (the server's copy). */
  ownPageLinks?: boolean;
  /**
   * The first card's image loads at once, with high priority: on a phone it is the largest
   * thing on the first screen (docs/decisions/0098-blog-list-first-screen.md).
   */
  firstImageAtOnce?: boolean;
}) {
  return (
    <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {articles.map((article, index) => (
        <ArticleCard
          key={article.id}
          article={article}
          ownPageLinks={ownPageLinks}
          imageAtOnce={firstImageAtOnce && index === 0}
        />
      ))}
    </ul>
  );
}
/** A card is a third of the content width on wide screens, the whole width on a phone. */
const CARD_IMAGE_SIZES = "(min-width: 64rem) 22rem, (min-width: 40rem) 50vw, 100vw";
