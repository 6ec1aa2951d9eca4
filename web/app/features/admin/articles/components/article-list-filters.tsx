import { useEffect, useState, useId } from "react";
import { isLanguage, LANGUAGES } from "@codcrm/core/site/languages";
import { useTranslation } from "react-i18next";
import { SORTS, STATUSES, type ArticleListQuery, type ArticleSort } from "../lib/article-list-query.ts";
import { LabelledSelect, type LabelledSelectProps } from "../../../../ui/select-field.tsx";

const SORT_LABEL: Record<ArticleSort, string> = {
  created: "admin.blog.sortCreated",
  updated: "admin.blog.sortUpdated",
  views: "admin.blog.sortViews",
};

const LABEL = "text-sm font-semibold text-slate-800";
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
        <label htmlFor={`${id}-q`} className={LABEL}>
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
          ["", t("admin.blog.allStatuses")],
          ...STATUSES.map((status) => [status, t(`admin.blog.${status}`)] as const),
        ]}
        onChange={(value) => onChange({ status: STATUSES.find((status) => status === value) })}
      />
      <FilterSelect
        id={`${id}-category`}
        label={t("admin.blog.categoryFilter")}
        value={query.category ?? ""}
        options={[["", t("admin.blog.allCategories")], ...categories.map(({ id, name }) => [id, name] as const)]}
        onChange={(value) => onChange({ category: value || undefined })}
      />
      <FilterSelect
        id={`${id}-language`}
        label={t("admin.blog.languageFilter")}
        value={query.language ?? ""}
        options={[
          ["", t("admin.blog.allLanguages")],
          ...LANGUAGES.map((language) => [language, t(`admin.languages.${language}`)] as const),
        ]}
        onChange={(value) => onChange({ language: isLanguage(value) ? value : undefined })}
      />
      <FilterSelect
        id={`${id}-sort`}
        label={t("admin.blog.sort")}
        value={query.sort}
        options={SORTS.map((sort) => [sort, t(SORT_LABEL[sort])] as const)}
        onChange={(value) => onChange({ sort: SORTS.find((sort) => sort === value) })}
      />
    </form>
  );
}

/** One of the list's menus: its label over a select of `[value, text]` options. */
function FilterSelect(props: Omit<LabelledSelectProps<string>, "labelClassName" | "className">) {
  return <LabelledSelect {...props} labelClassName={LABEL} className={CONTROL} />;
}
