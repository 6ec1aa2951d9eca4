import { useEffect, useState } from "react";
import { Link } from "react-router";
import { ArticleCard, type CardArticle } from "../../ui/article-card.tsx";
import { CardImage } from "../../ui/card-image.tsx";
import { useCategoryLabel } from "../../i18n/category-label.ts";
import { useLanguage } from "../../i18n/language-context.tsx";
import { useTranslation } from "react-i18next";
import { Section } from "../../ui/section.tsx";
import { apiRequest } from "../../lib/api-client.ts";

export const LATEST_ARTICLES_LIMIT = 3;

type State = { status: "loading" } | { status: "ready"; articles: CardArticle[] } | { status: "failed" };

// Every state has the same fixed card height, so nothing below moves when the list arrives.
const CARD = "flex h-96 flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm";

/** The landing's card (`ArticleCard`): a picture area even without an image, the categories on one line. */
function LatestArticleCard({ article }: { article: CardArticle }) {
  const label = useCategoryLabel();
  return (
    <ArticleCard
      article={article}
      teaser
      className={`${CARD} group relative`}
      picture={
        <div className="h-40 shrink-0 bg-gradient-to-br from-brand-100 to-brand-50">
          {article.imageUrl ? <CardImage src={article.imageUrl} className="h-full w-full object-cover" /> : null}
        </div>
      }
      labels={(mark) => (
        <p className="h-5 truncate text-xs font-semibold tracking-wide text-brand-700 uppercase">
          {mark ? (
            <span className="text-slate-700" data-testid="card-language">
              {mark}
              {article.categories.length ? " · " : ""}
            </span>
          ) : null}
          {article.categories.map(label).join(" · ")}
        </p>
      )}
    />
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
    apiRequest<{ articles: CardArticle[] }>(`/api/articles?limit=${LATEST_ARTICLES_LIMIT}&cardsFor=${language}`, {
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
              <LatestArticleCard key={article.id} article={article} />
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
