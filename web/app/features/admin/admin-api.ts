import type { AdminArticle } from "@codcrm/core/article/article";
import type { ArticleFormValues } from "@codcrm/core/article/article-schema";
import type { AdminLeadsResponse, AdminLeadsSection, RetryLeadResponse } from "@codcrm/core/lead/lead-api";
import type { FieldError } from "@codcrm/core/validation";

/** An error answer of the API (`{ error: { code, message, fields? } }`), or a network failure (status 0). */
export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: FieldError[] = [],
    /** Seconds to wait, from `Retry-After` (429). */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = "AdminApiError";
  }
}

/**
 * The API refused the session's token (401). On a signed-in page the layout is already signing
 * out and sending the administrator to the login, so there is nothing else to show.
 */
export function isSessionRefused(error: unknown): error is AdminApiError {
  return error instanceof AdminApiError && error.status === 401;
}

interface ErrorBody {
  error?: { code?: string; message?: string; fields?: FieldError[] };
}

async function call<T>(method: string, path: string, options: { token?: string; body?: unknown } = {}): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      cache: "no-store",
    });
  } catch (error) {
    throw new AdminApiError(0, "network_error", error instanceof Error ? error.message : String(error));
  }
  if (response.ok) return (response.status === 204 ? undefined : await response.json()) as T;
  const body = (await response.json().catch(() => ({}))) as ErrorBody;
  const retryAfter = Number(response.headers.get("retry-after"));
  throw new AdminApiError(
    response.status,
    body.error?.code ?? `http_${response.status}`,
    body.error?.message ?? response.statusText,
    body.error?.fields ?? [],
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
  );
}

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

/** The admin endpoints, bound to a token. Any 401 rejects with an `AdminApiError` of status 401. */
export function adminApi(token: string) {
  const authed = <T>(method: string, path: string, body?: unknown) => call<T>(method, path, { token, body });
  return {
    /** Every article, drafts included, each with the other articles of its translation group. */
    listArticles: () => authed<{ articles: AdminArticle[] }>("GET", "/api/admin/articles").then((r) => r.articles),
    createArticle: (body: ArticleBody) =>
      authed<{ article: AdminArticle }>("POST", "/api/admin/articles", body).then((r) => r.article),
    updateArticle: (id: string, body: ArticleBody & { version: number }) =>
      authed<{ article: AdminArticle }>("PUT", `/api/admin/articles/${encodeURIComponent(id)}`, body).then(
        (r) => r.article,
      ),
    deleteArticle: (id: string) => authed<void>("DELETE", `/api/admin/articles/${encodeURIComponent(id)}`),
    listLeads: (query: { section?: AdminLeadsSection; cursor?: string; limit?: number } = {}) => {
      const params = new URLSearchParams();
      if (query.section) params.set("section", query.section);
      if (query.cursor) params.set("cursor", query.cursor);
      if (query.limit) params.set("limit", String(query.limit));
      const search = params.size ? `?${params}` : "";
      return authed<AdminLeadsResponse>("GET", `/api/admin/leads${search}`);
    },
    retryLead: (id: string) => authed<RetryLeadResponse>("POST", `/api/admin/leads/${encodeURIComponent(id)}/retry`),
  };
}

export type AdminApi = ReturnType<typeof adminApi>;
