import { Fragment } from "react";
import { Link } from "react-router";
import type { PublicArticle } from "@codcrm/core/article/article";
import { formatArticleDate } from "@codcrm/core/article/article-display";
import { categoryListPath } from "@codcrm/core/article/categories";
import { LANGUAGES, type Language } from "@codcrm/core/site/languages";
import { useLanguage } from "../../i18n/language-context.tsx";
import { useTranslation } from "react-i18next";
import { useCategoryLabel } from "../../i18n/category-label.ts";
import { formatNumber } from "../../i18n/format.ts";
import { ArticleByline, ArticleTags, RelatedArticles } from "./article-labels.tsx";
import { CoverImage } from "./cover-image.tsx";

/**
 * An article: back link, image, title, date, reading time, views, categories, and its body.
 * Every field is text (React escapes it) but the body, which is HTML made and sanitised by
 * core's renderer when the article was saved (packages/core/src/article/markdown.ts): the page
 * ships no Markdown code.
 *
 * Under a language it is not written in (it has no translation there), the page's interface
 * stays in the page's language, a notice names every language the article is published in
 * and links to each version, and its title and text carry their `lang`.
 */
export function ArticleView({
  article,
  notFound,
  counted,
}: {
  article: PublicArticle;
  notFound: boolean;
  /**
   * This opening is a view of the article: the page names it (`data-view-article`) for the start
   * script's beacon, which counts it (docs/decisions/0400-first-party-page-views.md). Not for
   * the article a "not found" page shows in place of one, nor a preview.
   */
  counted: boolean;
}) {
  const { t } = useTranslation();
  const { language, localize } = useLanguage();
  const label = useCategoryLabel();
  const foreign = article.language !== language ? article.language : undefined;
  const { viewCount } = article;

  return (
    <article
      className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16"
      data-view-article={counted ? article.id : undefined}
    >
      {notFound ? (
        <p role="status" className="mb-8 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900">
          {t("blog.notFound")}
        </p>
      ) : null}
      {foreign && !notFound ? <LanguageNotice article={article} /> : null}
      <Link className="font-semibold text-brand-700 underline-offset-4 hover:underline" to={localize("/blog")}>
        ← {t("blog.back")}
      </Link>
      {article.imageUrl ? <CoverImage article={article} /> : null}
      <h1 lang={foreign} className="mt-8 text-4xl font-bold tracking-tight text-ink sm:text-5xl">
        {article.title}
      </h1>
      <p className="mt-4 flex flex-wrap gap-x-2 text-sm text-slate-600">
        <time dateTime={article.createdAt}>{formatArticleDate(t, article.createdAt)}</time>
        <ArticleByline article={article} />
        <span aria-hidden="true">·</span>
        <span>{t("common.readingTime", { minutes: article.readingTime })}</span>
        <span aria-hidden="true">·</span>
        <span data-testid="view-count">
          {t("blog.views", { count: viewCount, views: formatNumber(language, viewCount) })}
        </span>
      </p>
      {article.categories.length ? (
        <ul className="mt-4 flex flex-wrap gap-2">
          {article.categories.map((c) => (
            <li key={c.id}>
              <Link
                className="rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-800 hover:underline"
                to={localize(categoryListPath(c))}
              >
                {label(c)}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <ArticleTags tags={article.tags} />
      <div
        lang={foreign}
        className="article-content mt-10 text-lg leading-relaxed text-slate-800"
        dangerouslySetInnerHTML={{ __html: article.contentHtml }}
      />
      <RelatedArticles related={article.related} />
    </article>
  );
}

/**
 * "Only available in Spanish and English", with a link to each published version, in the
 * languages' order: the version shown and its published translations (the page's own
 * language has none, or it would be shown). One version: "read it on its original page".
 */
function LanguageNotice({ article }: { article: PublicArticle }) {
  const { t } = useTranslation();
  const { language: pageLanguage } = useLanguage();
  const versions = LANGUAGES.flatMap((language): { language: Language; slug: string }[] => {
    if (language === pageLanguage) return [];
    if (language === article.language) return [{ language, slug: article.slug }];
    const translation = article.translations.find((other) => other.language === language);
    return translation ? [{ language, slug: translation.slug }] : [];
  });
  const name = (language: Language) => t(`blog.languages.${language}`);
  const [first = "", second = ""] = versions.map((version) => name(version.language));
  const languages = versions.length === 1 ? first : t("blog.languagePair", { first, second });
  return (
    <p
      role="status"
      className="mb-8 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900"
      data-testid="language-notice"
    >
      {t("blog.onlyAvailableIn", { language: languages })}{" "}
      {versions.map((version, index) => (
        <Fragment key={version.language}>
          {index > 0 ? <span aria-hidden="true"> · </span> : null}
          <Link
            className="font-semibold underline"
            to={`/${version.language}/blog/${encodeURIComponent(version.slug)}`}
            hrefLang={version.language}
          >
            {versions.length === 1 ? t("blog.readOriginal") : t("blog.readIn", { language: name(version.language) })}
          </Link>
        </Fragment>
      ))}
    </p>
  );
}
