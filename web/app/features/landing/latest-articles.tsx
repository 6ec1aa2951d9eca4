import { useEffect, useState } from "react";
import { Link } from "react-router";
import { CardImage } from "../../ui/card-image.tsx";
import type { ArticleSummary } from "@codcrm/core/article/article";
import { useLanguage, useTranslation } from "../../i18n/language-context.tsx";
import { formatArticleDate } from "@codcrm/core/article/article-display";
import { useCategoryLabel } from "../../i18n/category-label.ts";
import { Section } from "../../ui/section.tsx";
import { apiRequest } from "../../lib/api-client.ts";

export const LATEST_ARTICLES_LIMIT = 3;

type Card = Pick<
  ArticleSummary,
  "id" | "slug" | "title" | "excerpt" | "createdAt" | "readingTime" | "categories" | "imageUrl" | "language"
>;
type State = { status: "loading" } | { status: "ready"; articles: Card[] } | { status: "failed" };

// Every state has the same fixed card height, so nothing below moves when the list arrives.
const CARD = "flex h-96 flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm";

/** Like the blog's cards: an article not in the page's language is marked with its own, its text with its `lang`. */
function ArticleCard({ article }: { article: Card }) {
  const { t } = useTranslation();
  const { language, localize } = useLanguage();
  const label = useCategoryLabel();
  const foreign = article.language !== language ? article.language : undefined;
  return (
    <li className={`${CARD} group relative`}>
      <div className="h-40 shrink-0 bg-gradient-to-br from-brand-100 to-brand-50">
        {article.imageUrl ? <CardImage src={article.imageUrl} className="h-full w-full object-cover" /> : null}
      </div>
      <div className="flex min-h-0 flex-1 flex-col p-5">
        <p className="h-5 truncate text-xs font-semibold tracking-wide text-brand-700 uppercase">
          {foreign ? (
            <span className="text-slate-700" data-testid="card-language">
              {t("blog.inLanguage", { language: t(`blog.languages.${foreign}`) })}
              {article.categories.length ? " · " : ""}
            </span>
          ) : null}
          {article.categories.map(label).join(" · ")}
        </p>
        <h3 lang={foreign} className="mt-2 line-clamp-2 text-lg font-semibold text-ink group-hover:underline">
          <Link to={localize(`/blog/${article.slug}`)} className="after:absolute after:inset-0">
            {article.title}
          </Link>
        </h3>
        <p lang={foreign} className="mt-2 line-clamp-3 flex-1 text-sm text-slate-700">
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

/** The latest three published articles, fetched after the page shows (the HTML is static). */
export function LatestArticles() {
  const { t } = useTranslation();
  const { language, localize } = useLanguage();
  const [state, setState] = useState<State>({ status: "loading" });

  useEffect(() => {
    const controller = new AbortController();
    // One card per translation group, this page's language first (docs/decisions/0055-blog-lists-by-language.md).
    apiRequest<{ articles: Card[] }>(`/api/articles?limit=${LATEST_ARTICLES_LIMIT}&cardsFor=${language}`, {
      signal: controller.signal,
    })
      .then((body) => setState({ status: "ready", articles: body.articles.slice(0, LATEST_ARTICLES_LIMIT) }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn("Latest articles unavailable", error);
        setState({ status: "failed" });
      });
    return () => controller.abort();
  }, [language]);

  return (
    <Section
      id="blog"
      heading={t("landing.articles.heading")}
      intro={t("landing.articles.intro")}
      className="below-the-fold bg-slate-50"
    >
      <div aria-live="polite" aria-busy={state.status === "loading"}>
        {state.status === "loading" ? (
          <ul className="grid gap-6 md:grid-cols-3" aria-label={t("common.loading")}>
            {Array.from({ length: LATEST_ARTICLES_LIMIT }, (_, i) => (
              <li key={i} className={`${CARD} animate-pulse`}>
                <div className="h-40 bg-slate-200" />
                <div className="space-y-3 p-5">
                  <div className="h-3 w-1/3 rounded bg-slate-200" />
                  <div className="h-5 w-4/5 rounded bg-slate-200" />
                  <div className="h-3 w-full rounded bg-slate-200" />
                  <div className="h-3 w-5/6 rounded bg-slate-200" />
                </div>
              </li>
            ))}
          </ul>
        ) : state.status === "ready" && state.articles.length > 0 ? (
          <ul className="grid gap-6 md:grid-cols-3">
            {state.articles.map((article) => (
              <ArticleCard key={article.id} article={article} />
            ))}
          </ul>
        ) : (
          <p className={`${CARD} items-center justify-center p-6 text-center text-slate-700`}>
            {state.status === "failed" ? t("landing.articles.failed") : t("landing.articles.empty")}
          </p>
        )}
      </div>
      <p className="mt-10 text-center">
        <Link to={localize("/blog")} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          {t("landing.articles.viewAll")}
        </Link>
      </p>
    </Section>
  );
}
