import type { ListedArticle } from "../api/articles-api.ts";
import {
  ARTICLE_STATUSES,
  articleStatus,
  compareAdminArticles,
  matchesAdminFilter,
  type AdminArticleQuery,
  type ArticleStatus,
} from "@codcrm/core/article/admin-query";
import { isLanguage, type Language } from "@codcrm/core/site/languages";

export type { ArticleStatus };
export type ArticleSort = AdminArticleQuery["sort"];

/**
 * What the admin list shows, kept in the URL so a reload or a shared address keeps it
 * (docs/decisions/0092-admin-list-search.md): `?q=&estado=&categoria=&idioma=&orden=`.
 */
export interface ArticleListQuery {
  q: string;
  status?: ArticleStatus;
  category?: string;
  language?: Language;
  sort: ArticleSort;
}

export const STATUSES: readonly ArticleStatus[] = ARTICLE_STATUSES;
/** In the order the sort menu offers them. */
export const SORTS: readonly ArticleSort[] = ["created", "updated", "views"];
/** The list's order before it could be chosen: newest first. */
export const DEFAULT_SORT: ArticleSort = "created";
/** How many cards are shown at first and added by "Cargar más". */
export const PAGE_SIZE = 24;

const PARAM = { q: "q", status: "estado", category: "categoria", language: "idioma", sort: "orden" } as const;

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  list.find((item) => item === value);

export function readQuery(params: URLSearchParams): ArticleListQuery {
  const language = params.get(PARAM.language);
  return {
    q: params.get(PARAM.q) ?? "",
    status: oneOf(STATUSES, params.get(PARAM.status)),
    category: params.get(PARAM.category) || undefined,
    language: isLanguage(language) ? language : undefined,
    sort: oneOf(SORTS, params.get(PARAM.sort)) ?? DEFAULT_SORT,
  };
}

/** The params with `change` applied; the defaults are left out of the address. */
export function writeQuery(params: URLSearchParams, change: Partial<ArticleListQuery>): URLSearchParams {
  const next = new URLSearchParams(params);
  const merged = { ...readQuery(params), ...change };
  const set = (name: string, value: string | undefined) => (value ? next.set(name, value) : next.delete(name));
  set(PARAM.q, merged.q.trim() ? merged.q : undefined);
  set(PARAM.status, merged.status);
  set(PARAM.category, merged.category);
  set(PARAM.language, merged.language);
  set(PARAM.sort, merged.sort === DEFAULT_SORT ? undefined : merged.sort);
  return next;
}

/** The article's state as the list API gives it; an article from a save is judged by the same rule. */
export function statusOf(article: ListedArticle): ArticleStatus {
  return article.status ?? articleStatus(article, new Date());
}

/** The API's own filter and order (core's `matchesAdminFilter`), over the list read once. */
export function applyQuery(articles: readonly ListedArticle[], query: ArticleListQuery): ListedArticle[] {
  return articles
    .map((article) => ({ ...article, status: statusOf(article) }))
    .filter((article) => matchesAdminFilter(article, query))
    .sort(compareAdminArticles(query.sort));
}

/** Every category the articles use, by name, for the filter. */
export function categoriesOf(articles: readonly ListedArticle[]): { id: string; name: string }[] {
  const byId = new Map<string, string>();
  for (const article of articles) for (const category of article.categories) byId.set(category.id, category.name);
  return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name, "es"));
}
