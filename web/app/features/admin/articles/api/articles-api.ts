import type { AuditEntry } from "@codcrm/core/db/audit-repository";
import { useMemo } from "react";
import type { AdminArticlePage } from "@codcrm/core/article/admin-query";
import type { AdminArticle } from "@codcrm/core/article/article";
import type { ArticleFormValues } from "@codcrm/core/article/article-schema";
import type { ArticleRevision, RevisionSummary } from "@codcrm/core/article/revision";
import type { ArticleMailPreview, ArticleSendStatus, SendProgress } from "@codcrm/core/article/article-send";
import type { UploadForm } from "@codcrm/core/media/media-storage";
import type { MediaInfo } from "@codcrm/core/media/media-rules";
import type { ArticleBulkResponse, BulkAction } from "@codcrm/core/article/article-bulk";
import type { PendingChangesResponse } from "@codcrm/core/article/pending-changes";
import { segment, type AdminRequest } from "../../shared/api/admin-request.ts";
import { useAdmin } from "../../shared/admin-context.ts";

/**
 * An article as the list has it: `GET /api/admin/articles` adds its `status`; one the page has
 * from a save (which carries none) is judged by the same rule (`statusOf`).
 */
export type ListedArticle = AdminArticle & Partial<Pick<AdminArticlePage["articles"][number], "status">>;

/** What the editor sends: the form's values (the API validates them with the same schema). */
export type ArticleBody = ArticleFormValues;

/** `POST /api/admin/articles/{id}/preview`, 200: a site path anyone can open until `expiresAt`. */
export interface PreviewLink {
  url: string;
  expiresAt: string;
}

/** `POST /api/admin/media`, 201: where to post the file, and the upload's id. */
export interface AnnouncedMedia {
  upload: UploadForm;
  media: Pick<MediaInfo, "id">;
}

const article = (id: string) => `/api/admin/articles/${segment(id)}`;

/** The article endpoints (docs/decisions/0088-admin-article-list.md, 0085, 0086, 0070), answered with core's types. */
export function articlesApi(request: AdminRequest) {
  return {
    /** Every article, drafts included, each with its status and the other articles of its translation group. */
    listArticles: async (): Promise<ListedArticle[]> => {
      // The API answers by pages; the list page searches the whole list in the browser
      // (docs/decisions/0092-admin-list-search.md), so every page is read, the largest the API allows.
      const articles: ListedArticle[] = [];
      let cursor: string | undefined;
      do {
        const params = new URLSearchParams({ limit: "200", sort: "created" });
        if (cursor) params.set("cursor", cursor);
        const page = await request<AdminArticlePage>("GET", `/api/admin/articles?${params}`);
        articles.push(...page.articles);
        cursor = page.nextCursor;
      } while (cursor);
      return articles;
    },
    createArticle: (body: ArticleBody) =>
      request<{ article: AdminArticle }>("POST", "/api/admin/articles", body).then((r) => r.article),
    updateArticle: (id: string, body: ArticleBody & { version: number; pendingRevision?: number }) =>
      request<{ article: AdminArticle }>("PUT", article(id), body).then((r) => r.article),
    /** Moves it to the trash (docs/decisions/0450-article-trash.md). */
    deleteArticle: (id: string) => request<void>("DELETE", article(id)),
    /** Publishes, unpublishes or trashes several articles; answers what became of each. */
    bulk: (action: BulkAction, ids: string[]) =>
      request<ArticleBulkResponse>("POST", "/api/admin/articles/bulk", { action, ids }),
    /** Keeps a published article's edits as pending changes (docs/decisions/0451-pending-changes-of-a-published-article.md). */
    savePending: (id: string, body: ArticleBody & { version: number; pendingRevision: number }) =>
      request<PendingChangesResponse>("PUT", `${article(id)}/pending`, body).then((r) => r.pending),
    discardPending: (id: string, revision: number) =>
      request<void>("DELETE", `${article(id)}/pending?revision=${encodeURIComponent(revision)}`),
    /** The earlier versions of an article, newest first. */
    listRevisions: (id: string) =>
      request<{ revisions: RevisionSummary[] }>("GET", `${article(id)}/revisions`).then((r) => r.revisions),
    getRevision: (id: string, version: number) =>
      request<{ revision: ArticleRevision }>("GET", `${article(id)}/revisions/${segment(version)}`).then(
        (r) => r.revision,
      ),
    /** Saves revision `version` as the next version; `current` is the version being replaced (409 when stale). */
    restoreRevision: (id: string, version: number, current: number) =>
      request<{ article: AdminArticle }>("POST", `${article(id)}/revisions/${segment(version)}/restore`, {
        version: current,
      }).then((r) => r.article),
    /** A link anyone can open that shows the article as saved, until `expiresAt`. */
    /** What was done to the article, by whom (its audit trail, docs/decisions/0424-audit-trail.md). */
    history: (id: string) => request<{ entries: AuditEntry[] }>("GET", `${article(id)}/history`).then((r) => r.entries),
    createPreviewLink: (id: string) => request<PreviewLink>("POST", `${article(id)}/preview`),
    /** Confirmed subscribers of the article's language, and its send's progress (decision 0163). */
    sendStatus: (id: string) => request<ArticleSendStatus>("GET", `${article(id)}/send`),
    /** Asks for the article to be sent to them (202): the server's job sends. */
    startSend: (id: string) => request<{ send: SendProgress }>("POST", `${article(id)}/send`),
    /** Its mail as subscribers get it, from the editor's text (docs/decisions/0453-send-flow-with-preview-and-test.md). */
    previewMail: (id: string, body: ArticleBody) =>
      request<ArticleMailPreview>("POST", `${article(id)}/send/preview`, body),
    /** That mail, to the signed-in administrator's own address only. */
    testMail: (id: string, body: ArticleBody) => request<{ to: string }>("POST", `${article(id)}/send/test`, body),
    /** Step 1 of an image upload: the signed form to post the file to (docs/decisions/0070-article-images.md). */
    announceMedia: (body: { fileName: string; contentType: string; size: number }) =>
      request<AnnouncedMedia>("POST", "/api/admin/media", body),
    /** Step 3: the server checks the posted bytes and makes the variants (422 naming the reason). */
    completeMedia: (id: string) =>
      request<{ media: MediaInfo }>("POST", `/api/admin/media/${segment(id)}/complete`).then((r) => r.media),
  };
}

export type ArticlesApi = ReturnType<typeof articlesApi>;

/** The article endpoints with the signed-in session (a 401 signs out). */
export function useArticlesApi(): ArticlesApi {
  const { request } = useAdmin();
  return useMemo(() => articlesApi(request), [request]);
}
