import { buildSrcset } from "@codcrm/core/media/srcset";
import { CardImage } from "../../ui/card-image.tsx";
import { BRAND_MARK } from "../../ui/brand-mark.ts";
import { ArticleCard, type CardArticle } from "../../ui/article-card.tsx";
import { useTranslation } from "react-i18next";
import { useCategoryLabel } from "../../i18n/category-label.ts";

/** A card is a third of the content width on wide screens, the whole width on a phone. */
const CARD_IMAGE_SIZES = "(min-width: 64rem) 22rem, (min-width: 40rem) 50vw, 100vw";

/**
 * The blog's card (`ArticleCard`): the cover with its uploaded variants, else the article's own
 * generated card, else a panel with the brand's mark; and the categories as chips.
 */
export function BlogArticleCard({
  article,
  imageAtOnce,
  belowTheFold,
}: {
  article: CardArticle;
  /** The first card of a list: its image is asked for at once, with high priority. */
  imageAtOnce?: boolean;
  /** Past a list's first row: laid out as it nears the screen (`card-below-the-fold`, app.css). */
  belowTheFold?: boolean;
}) {
  const { t } = useTranslation();
  const label = useCategoryLabel();
  const media = article.imageMedia;
  return (
    <ArticleCard
      article={article}
      className={`group relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm${belowTheFold ? " card-below-the-fold" : ""}`}
      testId="article-card"
      picture={
        article.imageUrl ? (
          <CardImage
            src={article.imageUrl}
            srcSet={media ? buildSrcset(media.variants) || undefined : undefined}
            sizes={media ? CARD_IMAGE_SIZES : undefined}
            className="aspect-[2/1] w-full bg-slate-100 object-cover"
            atOnce={imageAtOnce}
          />
        ) : article.socialCard ? (
          // No cover: the article's own card, its title on the brand's blue, at the list's sizes
          // (docs/decisions/0454-generated-social-cards.md); the blue shows until it arrives.
          <CardImage
            src={article.socialCard.variants[0]?.url ?? article.socialCard.url}
            srcSet={buildSrcset(article.socialCard.variants) || undefined}
            sizes={CARD_IMAGE_SIZES}
            className="aspect-[2/1] w-full bg-brand-700 object-cover"
            atOnce={imageAtOnce}
          />
        ) : (
          // No cover: a panel of the cover's size with the brand's mark, so cards in a row keep
          // one shape instead of one with a picture beside others with a blank block
          // (docs/decisions/0151-default-social-image.md). The mark is in the page: no request.
          <div
            aria-hidden="true"
            className="flex aspect-[2/1] w-full items-center justify-center bg-brand-50"
            data-testid="card-no-cover"
          >
            <img src={BRAND_MARK} alt="" width={56} height={56} className="opacity-90" />
          </div>
        )
      }
      labels={(mark) => (
        <>
          {article.categories.length ? (
            <ul className="flex flex-wrap gap-2" aria-label={t("blog.categoryLabel")}>
              {article.categories.map((c) => (
                <li key={c.id} className="rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-800">
                  {label(c)}
                </li>
              ))}
            </ul>
          ) : null}
          {mark ? (
            <p className="mt-3 text-xs font-semibold text-brand-800" data-testid="card-language">
              {mark}
            </p>
          ) : null}
        </>
      )}
    />
  );
}

/** The list's cards. */
export function ArticleCardList({
  articles,
  firstImageAtOnce,
}: {
  articles: readonly CardArticle[];
  /**
   * The first card's image loads at once, with high priority: on a phone it is the largest
   * thing on the first screen (docs/decisions/0098-blog-list-first-screen.md).
   */
  firstImageAtOnce?: boolean;
}) {
  return (
    <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {articles.map((article, index) => (
        <BlogArticleCard
          key={article.id}
          article={article}
          imageAtOnce={firstImageAtOnce && index === 0}
          belowTheFold={index >= 3}
        />
      ))}
    </ul>
  );
}
