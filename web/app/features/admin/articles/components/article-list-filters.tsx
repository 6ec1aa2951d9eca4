import { useEffect, useId, useState } from "react";
import { LANGUAGES } from "@codcrm/core/site/languages";
import { useTranslation } from "../../../../i18n/language-context.tsx";
import { SORTS, STATUSES, type ArticleListQuery, type ArticleSort } from "../lib/article-list-query.ts";

const SORT_LABEL: Record<ArticleSort, string> = {
  created: "admin.blog.sortCreated",
  updated: "admin.blog.sortUpdated",
  views: "admin.blog.sortViews",
};

const CONTROL = "mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900";

/** Search by title, filters by status, category and language, and the order of the admin list. */
export function ArticleListFilters({
  query,
  categories,
  onChange,
}: {
  query: ArticleListQuery;
  categories: { id: string; name: string }[];
  onChange(change: Partial<ArticleListQuery>): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  // The search box answers as one types, but the address changes once typing pauses.
  const [text, setText] = useState(query.q);
  useEffect(() => setText(query.q), [query.q]);
  useEffect(() => {
    if (text === query.q) return;
    const timer = setTimeout(() => onChange({ q: text }), 250);
    return () => clearTimeout(timer);
  }, [text, query.q, onChange]);

  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ q: text });
      }}
      className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-5"
    >
      <div className="sm:col-span-2 lg:col-span-1">
        <label htmlFor={`${id}-q`} className="text-sm font-semibold text-slate-800">
          {t("admin.blog.search")}
        </label>
        <input
          id={`${id}-q`}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          className={CONTROL}
        />
      </div>
      <div>
        <label htmlFor={`${id}-status`} className="text-sm font-semibold text-slate-800">
          {t("admin.blog.statusFilter")}
        </label>
        <select
          id={`${id}-status`}
          value={query.status ?? ""}
          onChange={(event) => onChange({ status: (event.target.value || undefined) as ArticleListQuery["status"] })}
          className={CONTROL}
        >
          <option value="">{t("admin.blog.allStatuses")}</option>
          {STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`admin.blog.${status}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-category`} className="text-sm font-semibold text-slate-800">
          {t("admin.blog.categoryFilter")}
        </label>
        <select
          id={`${id}-category`}
          value={query.category ?? ""}
          onChange={(event) => onChange({ category: event.target.value || undefined })}
          className={CONTROL}
        >
          <option value="">{t("admin.blog.allCategories")}</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-language`} className="text-sm font-semibold text-slate-800">
          {t("admin.blog.languageFilter")}
        </label>
        <select
          id={`${id}-language`}
          value={query.language ?? ""}
          onChange={(event) =>
            onChange({ language: (event.target.value || undefined) as ArticleListQuery["language"] })
          }
          className={CONTROL}
        >
          <option value="">{t("admin.blog.allLanguages")}</option>
          {LANGUAGES.map((option) => (
            <option key={option} value={option}>
              {t(`admin.languages.${option}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-sort`} className="text-sm font-semibold text-slate-800">
          {t("admin.blog.sort")}
        </label>
        <select
          id={`${id}-sort`}
          value={query.sort}
          onChange={(event) => onChange({ sort: event.target.value as ArticleSort })}
          className={CONTROL}
        >
          {SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {t(SORT_LABEL[sort])}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
