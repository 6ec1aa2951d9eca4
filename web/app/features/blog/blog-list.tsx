import { useEffect, useRef, useState, useId } from "react";
import { useNavigate, useSearchParams } from "react-router";
import type { ArticleQuery } from "@codcrm/core/article/article-query";
import {
  ARTICLE_SORTS,
  DEFAULT_ARTICLE_SORT,
  LIST_PAGE_SIZE,
  listFiltersFromParams,
  type ArticleSort,
  type ListFilters,
} from "@codcrm/core/article/article-list-params";
import { BUILT_IN_CATEGORIES, categoryListPath, type Category } from "@codcrm/core/article/categories";
import { useLanguage } from "../../i18n/language-context.tsx";
import { useTranslation } from "react-i18next";
import { ArticleCardList } from "./article-card.tsx";
import type { CardArticle } from "../../ui/article-card.tsx";
import { fetchArticles } from "./blog-api.ts";
import { useCategoryLabel } from "../../i18n/category-label.ts";
import { TagFilter, tagName } from "./tag-filter.tsx";
import type { ListFirstPage } from "@codcrm/core/article/blog-page-data";
import { useAdoptTypedValue } from "../../lib/adopt-typed-value.ts";
import { LabelledSelect } from "../../ui/select-field.tsx";

/** The look of the list's selects (category, order), whose labels only screen readers read. */
const LIST_SELECT = "w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-ink";

/** A page of the list as it asks the API for it: one card per translation group, this page's language first. */
function listPageQuery(
  filters: { q: string; category: string | undefined; tag: string; sort: ArticleSort },
  language: string,
  offset: number,
): Partial<ArticleQuery> {
  return { ...filters, cardsFor: language as ArticleQuery["cardsFor"], limit: LIST_PAGE_SIZE, offset };
}

const SEARCH_DELAY_MS = 250;

type State =
  | { status: "loading" }
  | { status: "ready"; articles: CardArticle[]; total: number; categories: Category[]; loadingMore: boolean }
  | { status: "failed" };

const sameFilters = (a: ListFilters, b: ListFilters) =>
  a.q === b.q && a.tag === b.tag && a.sort === b.sort && a.category === b.category;

/** The list's query from the URL (search, category, sort): shared, bookmarked and restored by the back button. */
function useListQuery(fixedCategory: string | undefined) {
  const [params] = useSearchParams();
  const query = listFiltersFromParams(params);
  return { q: query.q, sort: query.sort, category: fixedCategory ?? query.category, tag: query.tag };
}

/**
 * The blog list: search box, category selector, sort, cards, "load more". On a category page
 * (`fixedCategory`) the selector moves between category pages instead of filtering in place.
 */
export function BlogList({
  fixedCategory,
  firstPage,
}: {
  fixedCategory?: string;
  /**
   * The first page as the server read it for the address (docs/decisions/0098-blog-list-first-screen.md):
   * shown at once, and not asked for again while the address asks for what the server read.
   */
  firstPage?: ListFirstPage;
}) {
  const { t } = useTranslation();
  const { language, localize } = useLanguage();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const label = useCategoryLabel();
  const ids = { search: useId(), category: useId(), sort: useId() };
  const { q, sort, category, tag } = useListQuery(fixedCategory);
  const [search, setSearch] = useState(q);
  const [state, setState] = useState<State>(() =>
    firstPage && sameFilters(firstPage.filters, { q, tag, sort, category: category ?? "" })
      ? { status: "ready", ...firstPage.list, loadingMore: false }
      : { status: "loading" },
  );
  // What the cards on screen were asked for: the server's first page, then each page the list asked for.
  const shown = useRef(firstPage ? { filters: firstPage.filters, language } : undefined);
  const searchBox = useRef<HTMLInputElement>(null);
  // What a visitor typed before the app had the page is searched for as if typed now.
  useAdoptTypedValue(searchBox, search, setSearch);

  // The box follows the URL (back button, shared link), not on its first render: it keeps what it holds.
  const shownQuery = useRef(q);
  useEffect(() => {
    if (shownQuery.current === q) return;
    shownQuery.current = q;
    setSearch(q);
  }, [q]);

  // Typing updates the URL after a pause, replacing the entry: history keeps searches, not keystrokes.
  useEffect(() => {
    if (search.trim() === q) return;
    const timer = setTimeout(() => update({ q: search.trim() }, true), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs on typing only
  }, [search]);

  useEffect(() => {
    // Nothing to ask while the cards on screen are what the address shows (the server's first
    // page, whatever React runs again).
    const wanted = { q, tag, sort, category: category ?? "" };
    if (shown.current?.language === language && sameFilters(shown.current.filters, wanted)) return;
    shown.current = undefined;
    const controller = new AbortController();
    setState({ status: "loading" });
    // One card per translation group, this page's language first (docs/decisions/0055-blog-lists-by-language.md).
    fetchArticles(listPageQuery({ q, category, tag, sort }, language, 0), controller.signal)
      .then((page) => {
        shown.current = { filters: wanted, language };
        setState({
          status: "ready",
          articles: page.articles,
          total: page.total,
          categories: page.categories,
          loadingMore: false,
        });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn("Articles unavailable", error);
        setState({ status: "failed" });
      });
    return () => controller.abort();
  }, [q, category, tag, sort, language]);

  function update(change: { q?: string; category?: string; tag?: string; sort?: ArticleSort }, replace = false) {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(change)) {
      if (!value || (name === "sort" && value === DEFAULT_ARTICLE_SORT)) next.delete(name);
      else next.set(name, value);
    }
    setParams(next, { replace, preventScrollReset: true });
  }

  function chooseCategory(id: string) {
    if (fixedCategory === undefined) return update({ category: id });
    // From a category page: to the chosen category's page, keeping search and sort.
    const rest = new URLSearchParams(params);
    rest.delete("category");
    const target = id ? BUILT_IN_CATEGORIES.find((c) => c.id === id) : undefined;
    if (!id) return navigate({ pathname: localize("/blog"), search: rest.toString() });
    if (target) return navigate({ pathname: localize(categoryListPath(target)), search: rest.toString() });
    rest.set("category", id);
    navigate({ pathname: localize("/blog"), search: rest.toString() });
  }

  function loadMore() {
    if (state.status !== "ready") return;
    setState({ ...state, loadingMore: true });
    fetchArticles(listPageQuery({ q, category, tag, sort }, language, state.articles.length))
      .then((page) =>
        setState({ ...state, articles: [...state.articles, ...page.articles], total: page.total, loadingMore: false }),
      )
      .catch(() => setState({ ...state, loadingMore: false }));
  }

  const categories = state.status === "ready" ? state.categories : [];
  const hasCurrent = !category || categories.some((c) => c.id === category);
  const options = hasCurrent ? categories : [...categories, ...BUILT_IN_CATEGORIES.filter((c) => c.id === category)];

  return (
    <div className="mt-10">
      {/* A GET form of this address: before the app starts, or without it, Enter asks the server. */}
      <form
        role="search"
        method="get"
        className="grid gap-4 sm:grid-cols-[1fr_auto_auto]"
        onSubmit={(event) => (event.preventDefault(), update({ q: search.trim() }))}
      >
        <div>
          <label htmlFor={ids.search} className="sr-only">
            {t("blog.searchLabel")}
          </label>
          <input
            ref={searchBox}
            id={ids.search}
            type="search"
            name="q"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t("blog.searchPlaceholder")}
            className="w-full rounded-lg border border-slate-300 px-4 py-2.5 text-ink placeholder:text-slate-500"
          />
        </div>
        <LabelledSelect
          id={ids.category}
          labelClassName="sr-only"
          className={LIST_SELECT}
          label={t("blog.categoryLabel")}
          name={fixedCategory === undefined ? "category" : undefined}
          value={category}
          options={[["", t("blog.allCategories")], ...options.map((c) => [c.id, label(c)] as const)]}
          onChange={chooseCategory}
        />
        <LabelledSelect
          id={ids.sort}
          labelClassName="sr-only"
          className={LIST_SELECT}
          label={t("blog.sortLabel")}
          name="sort"
          value={sort}
          options={ARTICLE_SORTS.map((s) => [s, t(`blog.sort.${s}`)] as const)}
          onChange={(value) => update({ sort: value as ArticleSort })}
        />
        {tag ? <input type="hidden" name="tag" value={tag} /> : null}
      </form>
      {tag ? (
        <TagFilter
          name={tagName(tag, state.status === "ready" ? state.articles : [])}
          onClear={() => update({ tag: "" })}
        />
      ) : null}

      <div className="mt-10" aria-live="polite" aria-busy={state.status === "loading"}>
        {state.status === "loading" ? (
          <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3" aria-label={t("common.loading")}>
            {/* Two rows on a wide screen: the footer starts below the fold until the articles come, so it never jumps. */}
            {Array.from({ length: 6 }, (_, i) => (
              <li key={i} className="h-80 animate-pulse rounded-2xl border border-slate-200 bg-slate-50" />
            ))}
          </ul>
        ) : state.status === "failed" ? (
          <p className="rounded-2xl border border-slate-200 p-6 text-center text-slate-700">{t("blog.failed")}</p>
        ) : state.articles.length === 0 ? (
          <p className="rounded-2xl border border-slate-200 p-6 text-center text-slate-700" data-testid="blog-empty">
            {q || category || tag ? t("blog.empty") : t("blog.noArticles")}
          </p>
        ) : (
          <>
            <ArticleCardList articles={state.articles} firstImageAtOnce />
            <p className="mt-8 text-center text-sm text-slate-600">
              {t("blog.showing", { count: state.total, shown: state.articles.length, total: state.total })}
            </p>
            {state.articles.length < state.total ? (
              <p className="mt-4 text-center">
                <button
                  type="button"
                  onClick={loadMore}
                  disabled={state.loadingMore}
                  className="rounded-lg border border-slate-300 px-5 py-3 font-semibold text-ink hover:bg-slate-50 disabled:opacity-60"
                >
                  {state.loadingMore ? t("common.loading") : t("blog.loadMore")}
                </button>
              </p>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}
