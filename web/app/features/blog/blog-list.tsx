import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useId } from "../../lib/id-scope.ts";
import { useNavigate, useSearchParams } from "react-router";
import type { ArticlePage, ArticleQuery } from "@codcrm/core/article/article-query";
import {
  ARTICLE_SORTS,
  DEFAULT_ARTICLE_SORT,
  DEFAULT_LIST_FILTERS,
  LIST_PAGE_SIZE,
  listFiltersFromParams,
  type ArticleSort,
  type ListFilters,
} from "@codcrm/core/article/article-list-params";
import { BUILT_IN_CATEGORIES, categoryListPath, type Category } from "@codcrm/core/article/categories";
import { useLanguage, useTranslation } from "../../i18n/language-context.tsx";
import { ArticleCardList } from "./article-card.tsx";
import type { CardArticle } from "../../ui/article-card.tsx";
import { fetchArticles } from "./blog-api.ts";
import { useCategoryLabel } from "../../i18n/category-label.ts";
import { TagFilter, tagName } from "./tag-filter.tsx";
import { hasServerContent, holdServerContent, SERVER_MARK } from "./server-page.ts";
import { nextTask } from "../../lib/next-task.ts";

/** A page of the list as it asks the API for it: one card per translation group, this page's language first. */
function listPageQuery(
  filters: { q: string; category: string | undefined; tag: string; sort: ArticleSort },
  language: string,
  offset: number,
): Partial<ArticleQuery> {
  return { ...filters, cardsFor: language as ArticleQuery["cardsFor"], limit: LIST_PAGE_SIZE, offset };
}

const SEARCH_DELAY_MS = 250;

/**
 * Cards rendered per task while the app builds its list under the server's copy: one row on a
 * wide screen. Twelve cards in one go made the take-over one long task
 * (docs/decisions/0173-blog-list-takes-over-in-steps.md).
 */
const CARDS_PER_STEP = 3;

type State =
  | { status: "loading" }
  | { status: "ready"; articles: CardArticle[]; total: number; categories: Category[]; loadingMore: boolean }
  | { status: "failed" };

/** A list's first page as the server read it for the address's filters (`ListPageData`, packages/functions). */
export interface ServerListPage {
  filters: ListFilters;
  list: ArticlePage;
}

const sameFilters = (a: ListFilters, b: ListFilters) =>
  a.q === b.q && a.tag === b.tag && a.sort === b.sort && a.category === b.category;

/** The list's query from the URL (search, category, sort): shared, bookmarked and restored by the back button. */
function useListQuery(fixedCategory: string | undefined) {
  const [params] = useSearchParams();
  // The prerendered page was rendered without a query: the first render matches it, then the URL
  // applies. The page function's copy (no document) is never hydrated: it shows the address's.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const query = hydrated || typeof document === "undefined" ? listFiltersFromParams(params) : DEFAULT_LIST_FILTERS;
  return { q: query.q, sort: query.sort, category: fixedCategory ?? query.category, tag: query.tag, hydrated };
}

/**
 * The blog list: search box, category selector, sort, cards, "load more". On a category page
 * (`fixedCategory`) the selector moves between category pages instead of filtering in place.
 */
export function BlogList({
  fixedCategory,
  firstPage,
  ownPageLinks,
}: {
  fixedCategory?: string;
  /** Cards link to their articles' own pages (the server's copy, for crawlers). */
  ownPageLinks?: boolean;
  /**
   * The first page as the server rendered it into the page (docs/decisions/0098-blog-list-first-screen.md):
   * shown at once, and not asked for again while the address has no search, tag or order.
   */
  firstPage?: ServerListPage;
}) {
  const { t } = useTranslation();
  const { language, localize } = useLanguage();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const label = useCategoryLabel();
  const ids = { search: useId(), category: useId(), sort: useId() };
  const { q, sort, category, tag, hydrated } = useListQuery(fixedCategory);
  const [search, setSearch] = useState(q);
  // The server's first page is the list's while the address asks for what the server read.
  const [state, setState] = useState<State>(() => {
    const wanted = listFiltersFromParams(params);
    return firstPage && sameFilters(firstPage.filters, { ...wanted, category: fixedCategory ?? wanted.category })
      ? { status: "ready", ...firstPage.list, loadingMore: false }
      : { status: "loading" };
  });
  const serverPage = useRef(firstPage);
  const searchBox = useRef<HTMLInputElement>(null);
  const typedBeforeStart = useRef<{ value: string; focused: boolean } | undefined>(undefined);

  // While the server's copy is on screen, the app's list (below it, out of sight) is built a
  // few cards per task, and the copy stays until the last card is in (`holdServerContent`);
  // `undefined`: every card at once (a navigation, a search, the server's own render).
  const [cardsBuilt, setCardsBuilt] = useState<number | undefined>(() =>
    state.status === "ready" && typeof document !== "undefined" && hasServerContent() ? CARDS_PER_STEP : undefined,
  );
  const building = cardsBuilt !== undefined && state.status === "ready" && cardsBuilt < state.articles.length;
  const hold = useRef<(() => void) | undefined>(undefined);
  // Taken before the page asks for the copy's removal: a child's layout effect runs before its page's.
  useLayoutEffect(() => {
    if (cardsBuilt !== undefined) hold.current = holdServerContent();
    return () => hold.current?.();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on the first render
  }, []);
  // The next cards in a task of their own, after the browser could paint and answer input.
  useEffect(() => {
    if (!building) return;
    let current = true;
    void nextTask().then(() => current && setCardsBuilt((built) => (built ?? 0) + CARDS_PER_STEP));
    return () => {
      current = false;
    };
  }, [building, cardsBuilt]);

  // The list is whole. What a visitor typed into the server's copy of the box before the app
  // took over is read now, just before that copy goes (the release below, or the page's own
  // removal, which runs after this child's layout effect).
  useLayoutEffect(() => {
    if (building) return;
    const box = document.querySelector<HTMLInputElement>(`[${SERVER_MARK}] form[role="search"] input[name="q"]`);
    if (box) typedBeforeStart.current = { value: box.value, focused: box === document.activeElement };
    hold.current?.();
    hold.current = undefined;
    if (cardsBuilt !== undefined) setCardsBuilt(undefined);
  }, [building, cardsBuilt]);

  // The box follows the URL (back button, shared link).
  useEffect(() => setSearch(q), [q]);

  // ...then takes what was typed into the server's copy, searched for as if typed here.
  useEffect(() => {
    const typed = typedBeforeStart.current;
    if (!hydrated || building || !typed) return;
    typedBeforeStart.current = undefined;
    if (typed.value !== q) setSearch(typed.value);
    if (typed.focused) {
      searchBox.current?.focus();
      searchBox.current?.setSelectionRange(typed.value.length, typed.value.length);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the app has taken over
  }, [hydrated, building]);

  // Typing updates the URL after a pause, replacing the entry: history keeps searches, not keystrokes.
  useEffect(() => {
    if (!hydrated || search.trim() === q) return;
    const timer = setTimeout(() => update({ q: search.trim() }, true), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs on typing only
  }, [search]);

  useEffect(() => {
    if (!hydrated) return;
    // The page came with its first cards: nothing to ask while they are what the address shows.
    const fromServer = serverPage.current;
    serverPage.current = undefined;
    if (fromServer && sameFilters(fromServer.filters, { q, tag, sort, category: category ?? "" })) return;
    const controller = new AbortController();
    setState({ status: "loading" });
    // One card per translation group, this page's language first (docs/decisions/0055-blog-lists-by-language.md).
    fetchArticles(listPageQuery({ q, category, tag, sort }, language, 0), controller.signal)
      .then((page) =>
        setState({
          status: "ready",
          articles: page.articles,
          total: page.total,
          categories: page.categories,
          loadingMore: false,
        }),
      )
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn("Articles unavailable", error);
        setState({ status: "failed" });
      });
    return () => controller.abort();
  }, [hydrated, q, category, tag, sort, language]);

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
        <div>
          <label htmlFor={ids.category} className="sr-only">
            {t("blog.categoryLabel")}
          </label>
          <select
            id={ids.category}
            name={fixedCategory === undefined ? "category" : undefined}
            value={category}
            onChange={(event) => chooseCategory(event.target.value)}
            className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-ink"
          >
            <option value="">{t("blog.allCategories")}</option>
            {options.map((c) => (
              <option key={c.id} value={c.id}>
                {label(c)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.sort} className="sr-only">
            {t("blog.sortLabel")}
          </label>
          <select
            id={ids.sort}
            name="sort"
            value={sort}
            onChange={(event) => update({ sort: event.target.value as ArticleSort })}
            className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-ink"
          >
            {ARTICLE_SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`blog.sort.${s}`)}
              </option>
            ))}
          </select>
        </div>
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
            <ArticleCardList
              articles={cardsBuilt === undefined ? state.articles : state.articles.slice(0, cardsBuilt)}
              firstImageAtOnce
              ownPageLinks={ownPageLinks}
            />
            <p className="mt-8 text-center text-sm text-slate-600">
              {t("blog.showing", { shown: state.articles.length, total: state.total })}
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
