import { useEffect, useState, useId } from "react";
import type { AdminArticle } from "@codcrm/core/article/article";
import type { ArticleRevision, RevisionSummary } from "@codcrm/core/article/revision";
import { ApiError } from "../../../../lib/api-client.ts";
import { useLanguage } from "../../../../i18n/language-context.tsx";
import { useTranslation } from "react-i18next";
import { isSessionRefused } from "../../shared/api/admin-request.ts";
import { RevisionDiff } from "./revision-diff.tsx";
import type { ArticlesApi } from "../api/articles-api.ts";
import { ConfirmDialog } from "../../../../ui/confirm-dialog.tsx";
import { PlainButton, PrimaryButton } from "../../shared/components/buttons.tsx";
import { AuditList } from "../../shared/components/audit-list.tsx";
import type { AuditEntry } from "@codcrm/core/db/audit-repository";

/** The History panel's calls (`articlesApi`'s, in the app). */
export type RevisionsApi = Pick<ArticlesApi, "listRevisions" | "getRevision" | "restoreRevision"> &
  Partial<Pick<ArticlesApi, "history">>;

/**
 * The editor's History panel (docs/decisions/0085-article-revisions.md): the earlier versions,
 * newest first; one of them compared word by word with the text in the form; and Restore,
 * which saves it as the next version with the version check of an edit.
 */
export function HistoryPanel({
  articleId,
  version,
  current,
  dirty,
  api,
  onRestored,
}: {
  articleId: string;
  /** The version the form is based on: listed again when it changes, and sent with Restore. */
  version: number;
  current: { title: string; excerpt: string; content: string };
  dirty: boolean;
  api: RevisionsApi;
  onRestored(article: AdminArticle): void;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const headingId = useId();
  const [revisions, setRevisions] = useState<RevisionSummary[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [selected, setSelected] = useState<ArticleRevision | null>(null);
  const [message, setMessage] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const [restoring, setRestoring] = useState(false);
  /** Who did what to the article (its audit trail), newest first; none until it arrives. */
  const [activity, setActivity] = useState<AuditEntry[] | null>(null);
  /** Restore over unsaved typing asks first, in the app's own dialog (the typing would be replaced). */
  const [confirming, setConfirming] = useState<ArticleRevision | null>(null);
  const date = (iso: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));

  useEffect(() => {
    let live = true;
    setLoadFailed(false);
    api.listRevisions(articleId).then(
      (list) => live && setRevisions(list),
      (error: unknown) => {
        if (!live || isSessionRefused(error)) return;
        console.error(error);
        setLoadFailed(true);
      },
    );
    api.history?.(articleId).then(
      (entries) => live && setActivity(entries),
      (error: unknown) => {
        if (!isSessionRefused(error)) console.error(error);
      },
    );
    return () => {
      live = false;
    };
  }, [api, articleId, version]);

  async function compare(summary: RevisionSummary) {
    setMessage(null);
    if (selected?.version === summary.version) return setSelected(null);
    try {
      setSelected(await api.getRevision(articleId, summary.version));
    } catch (error) {
      if (isSessionRefused(error)) return;
      console.error(error);
      setMessage({ kind: "error", text: t("admin.editor.history.loadFailed") });
    }
  }

  async function restore(revision: ArticleRevision) {
    setConfirming(null);
    setRestoring(true);
    setMessage(null);
    try {
      const article = await api.restoreRevision(articleId, revision.version, version);
      setSelected(null);
      onRestored(article);
      setMessage({ kind: "success", text: t("admin.editor.history.restored", { version: revision.version }) });
    } catch (error) {
      if (isSessionRefused(error)) return;
      console.error("Error al restaurar la versión", error);
      setMessage({
        kind: "error",
        text:
          error instanceof ApiError && error.code === "version_conflict"
            ? t("admin.editor.history.conflict")
            : t("admin.editor.history.failed"),
      });
    } finally {
      setRestoring(false);
    }
  }

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 p-4 text-sm">
      <h3 id={headingId} className="font-semibold text-ink">
        {t("admin.editor.history.title")}
      </h3>
      {message ? (
        <p
          role={message.kind === "error" ? "alert" : "status"}
          className={`mt-2 rounded-lg p-2 ${message.kind === "error" ? "bg-red-50 text-red-800" : "bg-green-50 text-green-900"}`}
        >
          {message.text}
        </p>
      ) : null}
      {loadFailed ? (
        <p className="mt-2 text-red-800">{t("admin.editor.history.loadFailed")}</p>
      ) : revisions === null ? (
        <p className="mt-2 text-slate-600">{t("admin.editor.history.loading")}</p>
      ) : revisions.length === 0 ? (
        <p className="mt-2 text-slate-600">{t("admin.editor.history.empty")}</p>
      ) : (
        <ol className="mt-2 max-h-64 divide-y divide-slate-100 overflow-y-auto">
          {revisions.map((revision) => (
            <li key={revision.version} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
              <span className="font-medium text-slate-900">
                {t("admin.editor.history.version", { version: revision.version })}
              </span>
              <time dateTime={revision.updatedAt} className="text-slate-600">
                {date(revision.updatedAt)}
              </time>
              <span className="min-w-0 flex-1 truncate text-slate-700">{revision.title}</span>
              <PlainButton
                aria-pressed={selected?.version === revision.version}
                onClick={() => void compare(revision)}
                className="px-3 py-1 aria-pressed:bg-brand-50"
              >
                {t("admin.editor.history.compare", { version: revision.version })}
              </PlainButton>
            </li>
          ))}
        </ol>
      )}
      {selected ? (
        <div
          role="region"
          aria-label={t("admin.editor.history.differences", { version: selected.version })}
          className="mt-3 space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3"
        >
          <p className="text-xs text-slate-600">{t("admin.editor.history.legend", { version: selected.version })}</p>
          <RevisionDiff label={t("admin.editor.fields.title")} before={selected.title} after={current.title} />
          <RevisionDiff label={t("admin.editor.fields.excerpt")} before={selected.excerpt} after={current.excerpt} />
          <RevisionDiff label={t("admin.editor.fields.content")} before={selected.content} after={current.content} />
          <PrimaryButton
            disabled={restoring}
            onClick={() => (dirty ? setConfirming(selected) : void restore(selected))}
            className="px-3 py-1.5 disabled:opacity-60"
          >
            {t("admin.editor.history.restore", { version: selected.version })}
          </PrimaryButton>
        </div>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={t("admin.editor.history.restoreDirtyTitle", { version: confirming.version })}
          text={t("admin.editor.history.restoreDirty", { version: confirming.version })}
          cancelLabel={t("admin.editor.leave.stay")}
          confirmLabel={t("admin.editor.history.restoreDirtyConfirm")}
          onCancel={() => setConfirming(null)}
          onConfirm={() => void restore(confirming)}
        />
      ) : null}
      {activity ? (
        <>
          <h4 className="mt-4 font-semibold text-ink">{t("admin.editor.history.activity")}</h4>
          <AuditList entries={activity} label={t("admin.editor.history.activity")} />
        </>
      ) : null}
    </section>
  );
}
