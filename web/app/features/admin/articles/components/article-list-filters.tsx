import { useEffect, useState, useId } from "react";
import { isLanguage, LANGUAGES } from "@codcrm/core/site/languages";
import { useTranslation } from "react-i18next";
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
      <FilterSelect
        id={`${id}-status`}
        label={t("admin.blog.statusFilter")}
        value={query.status ?? ""}
        options={[
          { value: "", text: t("admin.blog.allStatuses") },
          ...STATUSES.map((status) => ({ value: status, text: t(`admin.blog.${status}`) })),
        ]}
        onChange={(value) => onChange({ status: STATUSES.find((status) => status === value) })}
      />
      <FilterSelect
        id={`${id}-category`}
        label={t("admin.blog.categoryFilter")}
        value={query.category ?? ""}
        options={[
          { value: "", text: t("admin.blog.allCategories") },
          ...categories.map(({ id, name }) => ({ value: id, text: name })),
        ]}
        onChange={(value) => onChange({ category: value || undefined })}
      />
      <FilterSelect
        id={`${id}-language`}
        label={t("admin.blog.languageFilter")}
        value={query.language ?? ""}
        options={[
          { value: "", text: t("admin.blog.allLanguages") },
          ...LANGUAGES.map((language) => ({ value: language, text: t(`admin.languages.${language}`) })),
        ]}
        onChange={(value) => onChange({ language: isLanguage(value) ? value : undefined })}
      />
      <FilterSelect
        id={`${id}-sort`}
        label={t("admin.blog.sort")}
        value={query.sort}
        options={SORTS.map((sort) => ({ value: sort, text: t(SORT_LABEL[sort]) }))}
        onChange={(value) => onChange({ sort: SORTS.find((sort) => sort === value) })}
      />
    </form>
  );
}

/** One of the list's menus: its label over a select of `[value, text]` options. */
function FilterSelect({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: readonly { value: string; text: string }[];
  onChange(value: string): void;
}) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold text-slate-800">
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={CONTROL}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.text}
          </option>
        ))}
      </select>
    </div>
  );
}
