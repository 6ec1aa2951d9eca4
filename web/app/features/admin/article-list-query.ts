import type { AdminArticle } from "@codcrm/core/article/article";
import { isLanguage, type Language } from "@codcrm/core/site/languages";

/**
 * What the admin list shows, kept in the URL so a reload or a shared address keeps it
 * (docs/decisions/0092-admin-list-search.md): `?q=&estado=&categoria=&idioma=&orden=`.
 */
export type ArticleStatus = "published" | "draft" | "scheduled";
export type ArticleSort = "updated" | "created" | "views";

export interface ArticleListQuery {
  q: string;
  status?: ArticleStatus;
  category?: string;
  language?: Language;
  sort: ArticleSort;
}

export const STATUSES: readonly ArticleStatus[] = ["published", "draft", "scheduled"];
export const SORTS: readonly ArticleSort[] = ["created", "updated", "views"];
/** The list's order before it could be chosen: newest first. */
export const DEFAULT_SORT: ArticleSort = "created";
/** How many cards are shown at first and added by "Cargar más". */
export const PAGE_SIZE = 24;

const PARAM = { q: "q", status: "estado", category: "categoria", language: "idioma", sort: "orden" } as const;

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  list.includes(value as T) ? (value as T) : undefined;

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

/** The article's state; articles stored before scheduling carry only `published`. */
export function statusOf(article: AdminArticle): ArticleStatus {
  const status = (article as { status?: ArticleStatus }).status;
  return status ?? (article.published ? "published" : "draft");
}

/** Case and accents do not matter: "gestion" finds "Gestión". */
const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase("es");

const ORDER: Record<ArticleSort, (a: AdminArticle, b: AdminArticle) => number> = {
  created: (a, b) => b.createdAt.localeCompare(a.createdAt),
  updated: (a, b) => (b.updatedAt ?? b.createdAt).localeCompare(a.updatedAt ?? a.createdAt),
  views: (a, b) => (b.viewCount ?? 0) - (a.viewCount ?? 0),
};

export function applyQuery(articles: readonly AdminArticle[], query: ArticleListQuery): AdminArticle[] {
  const words = fold(query.q).split(/\s+/).filter(Boolean);
  return articles
    .filter(
      (article) =>
        (!query.language || article.language === query.language) &&
        (!query.status || statusOf(article) === query.status) &&
        (!query.category || article.categories.some((category) => category.id === query.category)) &&
        words.every((word) => fold(article.title).includes(word)),
    )
    .sort((a, b) => ORDER[query.sort](a, b) || b.id.localeCompare(a.id));
}

/** Every category the articles use, by name, for the filter. */
export function categoriesOf(articles: readonly AdminArticle[]): { id: string; name: string }[] {
  const byId = new Map<string, string>();
  for (const article of articles) for (const category of article.categories) byId.set(category.id, category.name);
  return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name, "es"));
}
