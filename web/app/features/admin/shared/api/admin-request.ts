import type { AdminArticle } from "@codcrm/core/article/article";
import type { ArticleFormValues } from "@codcrm/core/article/article-schema";
import type { ArticleRevision, RevisionSummary } from "@codcrm/core/article/revision";
import type { AdminLeadsResponse, AdminLeadsSection, RetryLeadResponse } from "@codcrm/core/lead/lead-api";
import type { MediaInfo } from "@codcrm/core/media/media-rules";
import { ApiError, apiRequest } from "../../../../lib/api-client.ts";

/**
 * The API refused the session's token (401). On a signed-in page the layout is already signing
 * out and sending the administrator to the login, so there is nothing else to show.
 */
export function isSessionRefused(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 401;
}

// Admin answers are per session and change with every edit: never from the HTTP cache.
const call = <T>(method: string, path: string, options: { token?: string; body?: unknown } = {}) =>
  apiRequest<T>(path, { method, ...options, cache: "no-store" });

export interface LoginResponse {
  token: string;
  expiresAt: string;
  name: string;
}

export function login(password: string): Promise<LoginResponse> {
  return call("POST", "/api/auth/login", { body: { password } });
}

/** What the editor sends: the form's values (the API validates them with the same schema). */
export type ArticleBody = ArticleFormValues;

/** The admin endpoints, bound to a token. Any 401 rejects with an `ApiError` of status 401. */
export function adminApi(token: string) {
  const authed = <T>(method: string, path: string, body?: unknown) => call<T>(method, path, { token, body });
  return {
    /** Revokes this token on the server: every tab and copy holding it is signed out. */
    logout: () => authed<void>("POST", "/api/auth/logout"),
    /** Every article, drafts included, each with the other articles of its translation group. */
    listArticles: async () => {
      // The API answers by pages; the list page searches the whole list in the browser
      // (docs/decisions/0092-admin-list-search.md), so every page is read, the largest the API allows.
      const articles: AdminArticle[] = [];
      let cursor: string | undefined;
      do {
        const params = new URLSearchParams({ limit: "200", sort: "created" });
        if (cursor) params.set("cursor", cursor);
        const page = await authed<{ articles: AdminArticle[]; nextCursor?: string }>(
          "GET",
          `/api/admin/articles?${params}`,
        );
        articles.push(...page.articles);
        cursor = page.nextCursor;
      } while (cursor);
      return articles;
    },
    createArticle: (body: ArticleBody) =>
      authed<{ article: AdminArticle }>("POST", "/api/admin/articles", body).then((r) => r.article),
    updateArticle: (id: string, body: ArticleBody & { version: number }) =>
      authed<{ article: AdminArticle }>("PUT", `/api/admin/articles/${encodeURIComponent(id)}`, body).then(
        (r) => r.article,
      ),
    deleteArticle: (id: string) => authed<void>("DELETE", `/api/admin/articles/${encodeURIComponent(id)}`),
    /** The earlier versions of an article, newest first. */
    listRevisions: (id: string) =>
      authed<{ revisions: RevisionSummary[] }>("GET", `/api/admin/articles/${encodeURIComponent(id)}/revisions`).then(
        (r) => r.revisions,
      ),
    getRevision: (id: string, version: number) =>
      authed<{ revision: ArticleRevision }>(
        "GET",
        `/api/admin/articles/${encodeURIComponent(id)}/revisions/${version}`,
      ).then((r) => r.revision),
    /** Saves revision `version` as the next version; `current` is the version being replaced (409 when stale). */
    restoreRevision: (id: string, version: number, current: number) =>
      authed<{ article: AdminArticle }>(
        "POST",
        `/api/admin/articles/${encodeURIComponent(id)}/revisions/${version}/restore`,
        { version: current },
      ).then((r) => r.article),
    /** A link anyone can open that shows the article as saved, until `expiresAt`. */
    createPreviewLink: (id: string) =>
      authed<PreviewLink>("POST", `/api/admin/articles/${encodeURIComponent(id)}/preview`),
    listLeads: (query: { section?: AdminLeadsSection; cursor?: string; limit?: number } = {}) => {
      const params = new URLSearchParams();
      if (query.section) params.set("section", query.section);
      if (query.cursor) params.set("cursor", query.cursor);
      if (query.limit) params.set("limit", String(query.limit));
      const search = params.size ? `?${params}` : "";
      return authed<AdminLeadsResponse>("GET", `/api/admin/leads${search}`);
    },
    /** Step 1 of an image upload: the signed form to post the file to (docs/decisions/0070-article-images.md). */
    announceMedia: (body: { fileName: string; contentType: string; size: number }) =>
      authed<{ upload: { url: string; fields: Record<string, string> }; media: { id: string } }>(
        "POST",
        "/api/admin/media",
        body,
      ),
    /** Step 3: the server checks the posted bytes and makes the variants (422 naming the reason). */
    completeMedia: (id: string) =>
      authed<{ media: MediaInfo }>("POST", `/api/admin/media/${encodeURIComponent(id)}/complete`).then((r) => r.media),
    retryLead: (id: string) => authed<RetryLeadResponse>("POST", `/api/admin/leads/${encodeURIComponent(id)}/retry`),
  };
}

export type AdminApi = ReturnType<typeof adminApi>;

export interface PreviewLink {
  /** A site path. */
  url: string;
  expiresAt: string;
}
