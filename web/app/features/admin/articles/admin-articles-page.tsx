import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useBlocker, useLocation, useNavigate, useParams, useSearchParams } from "react-router";
import { formatArticleDate } from "@codcrm/core/article/article-display";
import { ApiError } from "../../../lib/api-client.ts";
import { isSessionRefused } from "../shared/api/admin-request.ts";
import { LoadFailed, NoticeRegion, type Notice } from "../shared/components/notices.tsx";
import { ArticleEditor, type TranslationDraft } from "./components/article-editor.tsx";
import { uploadImage } from "./api/media-upload.ts";
import { useArticlesApi, type ListedArticle } from "./api/articles-api.ts";
import { useAdmin } from "../shared/admin-context.ts";
import { useAdminList } from "../shared/hooks/use-admin-list.ts";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../ui/confirm-dialog.tsx";
import { DEFAULT_LANGUAGE } from "@codcrm/core/site/languages";
import { draftKey, editorDraftKey, readDraft, removeDraft } from "./lib/local-draft.ts";
import { ArticleListFilters } from "./components/article-list-filters.tsx";
import { editorPath, readEditorAddress, type EditorAddress } from "./lib/editor-address.ts";
import {
  applyQuery,
  categoriesOf,
  PAGE_SIZE,
  readQuery,
  statusOf,
  writeQuery,
  type ArticleListQuery,
} from "./lib/article-list-query.ts";
import { formatMadrid } from "@codcrm/core/site/madrid-time";
import { DocumentHead } from "../../../seo/document-head.tsx";
import { PlainButton, PrimaryButton } from "../shared/components/buttons.tsx";
import { AdminIcon } from "../shared/components/admin-icons.tsx";
import type { BulkAction } from "@codcrm/core/article/article-bulk";

const newestFirst = (a: ListedArticle, b: ListedArticle) =>
  b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);

/**
 * `/admin/blog`: every article, drafts included, with its language and its translations,
 * searched, filtered and sorted (docs/decisions/0092-admin-list-search.md), with delete; and
 * `/admin/blog/{id}`, `/admin/blog/nuevo`: the same list with that article's editor open over it
 * (docs/decisions/0157-the-editor-has-an-address.md).
 */
export default function AdminBlogPage() {
  const { t } = useTranslation();
  const api = useArticlesApi();
  const [params, setParams] = useSearchParams();
  const listArticles = useCallback(() => api.listArticles(), [api]);
  const { can } = useAdmin();
  const { data: articles, setData: setArticles, loadFailed, reload } = useAdminList(listArticles);
  const { articleId } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const address = useMemo(() => readEditorAddress(articleId, params), [articleId, params]);
  /** Opened from the list in this tab: closing goes back in history, so that Back never reopens it. */
  const fromList = (location.state as { fromList?: boolean } | null)?.fromList === true;
  // `key` (the location's) gives each opening of the editor a fresh form.
  // `mount` is the editor's own React key: a new article's editor keeps it when its first
  // autosave gives it an address of its own (`created`), so what is being typed stays put.
  const [editor, setEditor] = useState<{
    key: string;
    mount: string;
    article?: ListedArticle;
    translation?: TranslationDraft;
    created?: string;
  } | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [editorDirty, setEditorDirty] = useState(false);
  /**
   * Set while the page itself moves the editor's address after the editor has asked (or had
   * nothing to ask): the blocker's function is only renewed in an effect, after the move.
   */
  const leaving = useRef(false);
  // Leaving the page in the app (a link, Back) with unsaved changes in the editor asks first.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      editorDirty &&
      !leaving.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    leaving.current = false;
  }, [location.key]);
  const query = useMemo(() => readQuery(params), [params]);
  const shown = useMemo(() => (articles ? applyQuery(articles, query) : undefined), [articles, query]);
  const categories = useMemo(() => categoriesOf(articles ?? []), [articles]);
  // A long list grows by pages; a new search starts again from the first.
  const [limit, setLimit] = useState(PAGE_SIZE);

  /** Goes to another address of the page; what the editor had to ask, it has asked already. */
  const go = (target: EditorAddress, replace: boolean) => {
    leaving.current = true;
    flushSync(() => setEditorDirty(false));
    void navigate(editorPath(target, params), { replace, state: { fromList: fromList || !replace } });
  };
  const open = (article?: ListedArticle) => {
    setNotice(null);
    go(article ? { kind: "edit", id: article.id } : { kind: "new" }, false);
  };
  const closeEditor = () => {
    leaving.current = true;
    flushSync(() => setEditorDirty(false));
    if (fromList) void navigate(-1);
    else void navigate(editorPath({ kind: "list" }, params), { replace: true });
  };

  // The address decides what the editor shows: an article once the list has it, a new one at once.
  useEffect(() => {
    if (address.kind === "list") {
      setEditor(null);
      return;
    }
    if (editor?.key === location.key) return;
    // The new article this editor created moved to its own address: the same editor goes on.
    if (editor?.created && address.kind === "edit" && address.id === editor.created) {
      setEditor({ ...editor, key: location.key });
      return;
    }
    if (address.kind === "new") {
      setEditor({ key: location.key, mount: location.key });
      return;
    }
    if (!articles) return;
    const id = address.kind === "edit" ? address.id : address.sourceId;
    const found = articles.find((item) => item.id === id);
    if (!found) {
      setNotice({ kind: "error", text: t("admin.blog.editorGone") });
      void navigate(editorPath({ kind: "list" }, params), { replace: true });
      return;
    }
    setEditor(
      address.kind === "edit"
        ? { key: location.key, mount: location.key, article: found }
        : { key: location.key, mount: location.key, translation: { source: found, language: address.language } },
    );
    setEditorDirty(false);
  }, [address, articles, editor, location.key, navigate, params, t]);

  const changeQuery = useCallback(
    (change: Partial<ArticleListQuery>) => {
      setLimit(PAGE_SIZE);
      setParams((current) => writeQuery(current, change), { replace: true });
    },
    [setParams],
  );

  /** Deleting asks first, in the site's own dialog; the article then waits in the trash (decision 0450). */
  const [deleting, setDeleting] = useState<ListedArticle | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [bulkBusy, setBulkBusy] = useState(false);
  const [askingBulkTrash, setAskingBulkTrash] = useState(false);

  async function remove(article: ListedArticle) {
    setDeleting(null);
    setNotice(null);
    try {
      await api.deleteArticle(article.id);
      setArticles((list) => list?.filter((item) => item.id !== article.id) ?? null);
      setSelected((current) => without(current, [article.id]));
      setNotice({ kind: "success", text: t("admin.blog.deleted", { title: article.title }) });
      // Its translations no longer list it.
      if (article.translations.length) void reload();
    } catch (error) {
      if (isSessionRefused(error)) return;
      // The log line of docs/decisions/0015-admin-sign-in.md, and a message the administrator can see.
      console.error("Error al eliminar el artículo", error);
      setNotice({
        kind: "error",
        text:
          error instanceof ApiError && error.status === 404 ? t("admin.blog.deleteGone") : t("admin.blog.deleteFailed"),
      });
      if (error instanceof ApiError && error.status === 404) void reload();
    }
  }

  /**
   * The bulk actions on the chosen articles (decision 0450): one request, each article its own
   * save or move; the list takes what each became, and the notice says what was done and what not.
   */
  async function bulk(action: BulkAction) {
    const ids = [...selected];
    setAskingBulkTrash(false);
    setBulkBusy(true);
    setNotice(null);
    try {
      const { results } = await api.bulk(action, ids);
      const done = results.filter((result) => result.ok);
      const byId = new Map(done.map((result) => [result.id, result.article]));
      setArticles((list) =>
        (list ?? []).flatMap((item) => {
          if (!byId.has(item.id)) return [item];
          const now = byId.get(item.id);
          return now ? [now] : [];
        }),
      );
      setSelected(new Set(results.filter((result) => !result.ok).map((result) => result.id)));
      const title = (id: string) => articles?.find((item) => item.id === id)?.title ?? id;
      const failed = results.filter((result) => !result.ok).map((result) => `«${title(result.id)}»`);
      const text = [
        t(`admin.blog.bulk.done.${action}`, { count: done.length }),
        ...(failed.length
          ? [t(`admin.blog.bulk.failed.${action}`, { count: failed.length, titles: failed.join(", ") })]
          : []),
      ].join(" ");
      setNotice({ kind: failed.length ? "error" : "success", text });
      if (action === "trash" || done.some((result) => result.article?.translations.length)) void reload();
    } catch (error) {
      if (isSessionRefused(error)) return;
      console.error("Error en la acción en lote", error);
      setNotice({ kind: "error", text: t("admin.blog.bulk.error") });
    } finally {
      setBulkBusy(false);
    }
  }

  async function fetchLatest(id: string): Promise<ListedArticle | undefined> {
    const list = await api.listArticles();
    setArticles(list);
    return list.find((item) => item.id === id);
  }

  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <DocumentHead title={t("admin.blog.pageTitle")} />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold text-ink">{t("admin.blog.title")}</h1>
        <PrimaryButton onClick={() => open()} className="px-4 py-2.5">
          {t("admin.blog.new")}
        </PrimaryButton>
      </div>

      <NoticeRegion notice={notice} />

      <ArticleListFilters query={query} categories={categories} onChange={changeQuery} />

      {shown?.length ? (
        <BulkBar
          shown={shown.slice(0, limit)}
          selected={selected}
          busy={bulkBusy}
          onSelect={setSelected}
          onAction={(action) => (action === "trash" ? setAskingBulkTrash(true) : void bulk(action))}
        />
      ) : null}

      {loadFailed ? (
        <LoadFailed message={t("admin.blog.loadFailed")} onRetry={() => void reload()} />
      ) : articles === null || shown == null ? (
        <p role="status" className="mt-8 text-slate-600">
          {t("admin.blog.loading")}
        </p>
      ) : articles.length === 0 ? (
        <p className="mt-8 rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">
          {t("admin.blog.empty")}
        </p>
      ) : shown.length === 0 ? (
        <p className="mt-8 rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">
          {query.language && !query.q && !query.status && !query.category
            ? t("admin.blog.noneInLanguage")
            : t("admin.blog.noMatch")}
        </p>
      ) : (
        <>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label={t("admin.blog.listLabel")}>
            {shown.slice(0, limit).map((article) => (
              <li key={article.id} className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
                <article className="flex flex-1 flex-col" aria-labelledby={`article-${article.id}`}>
                  <div className="flex items-start justify-between gap-3">
                    <div className="flex items-start gap-2">
                      <input
                        type="checkbox"
                        checked={selected.has(article.id)}
                        onChange={(event) =>
                          setSelected((current) =>
                            event.target.checked ? new Set([...current, article.id]) : without(current, [article.id]),
                          )
                        }
                        aria-label={t("admin.blog.bulk.select", { title: article.title })}
                        className="mt-1.5 h-4 w-4 shrink-0"
                      />
                      <h2
                        id={`article-${article.id}`}
                        lang={article.language}
                        className="text-lg font-semibold text-ink"
                      >
                        {article.title}
                      </h2>
                    </div>
                    <StatusBadge article={article} />
                  </div>
                  <p className="mt-2 text-xs font-semibold text-slate-700" data-testid="article-language">
                    {t("admin.blog.language", { language: t(`admin.languages.${article.language}`) })}
                  </p>
                  {/* The clamp on the paragraph, the stretch on its box: a stretched clamped box shows the
                      line after its ellipsis. */}
                  <div className="mt-2 flex-1">
                    <p lang={article.language} className="line-clamp-3 text-sm text-slate-700">
                      {article.excerpt}
                    </p>
                  </div>
                  <Translations article={article} />
                  <ArticleFacts article={article} />
                  <div className="mt-4 flex items-center justify-between">
                    <p className="text-xs text-slate-600">
                      <time dateTime={article.createdAt}>{formatArticleDate(t, article.createdAt)}</time>
                    </p>
                    <div className="flex gap-1">
                      <IconButton label={t("admin.blog.edit", { title: article.title })} onClick={() => open(article)}>
                        <AdminIcon name="edit" />
                      </IconButton>
                      <IconButton
                        label={t("admin.blog.delete", { title: article.title })}
                        onClick={() => setDeleting(article)}
                        danger
                      >
                        <AdminIcon name="delete" />
                      </IconButton>
                    </div>
                  </div>
                </article>
              </li>
            ))}
          </ul>
          {shown.length > limit ? (
            <div className="mt-8 flex justify-center">
              <PlainButton onClick={() => setLimit((current) => current + PAGE_SIZE)} className="px-4 py-2">
                {t("admin.blog.loadMore")}
              </PlainButton>
            </div>
          ) : null}
        </>
      )}

      {editor ? (
        <ArticleEditor
          key={editor.mount}
          article={editor.article}
          translation={editor.translation}
          onClose={closeEditor}
          save={(values, base) =>
            base
              ? api.updateArticle(base.id, { ...values, version: base.version, pendingRevision: base.pendingRevision })
              : api.createArticle(values)
          }
          savePending={(id, values, base) => api.savePending(id, { ...values, ...base })}
          discardPending={api.discardPending}
          fetchLatest={fetchLatest}
          uploadImage={(file) => uploadImage(api, file)}
          onSaved={(saved, outcome) => {
            setArticles((list) => [saved, ...(list ?? []).filter((item) => item.id !== saved.id)].sort(newestFirst));
            setNotice(
              outcome?.sendFailed
                ? { kind: "error", text: t("admin.blog.savedSendFailed", { title: saved.title }) }
                : {
                    kind: "success",
                    text: t(outcome?.sending ? "admin.blog.savedSending" : "admin.blog.saved", { title: saved.title }),
                  },
            );
            closeEditor();
            // The other articles of its group list it (or its new state) once the list is read again.
            if (saved.translations.length) void reload();
          }}
          onEditTranslation={(id) => go({ kind: "edit", id }, true)}
          onTranslate={(draft) => go({ kind: "translate", sourceId: draft.source.id, language: draft.language }, true)}
          onAutosaved={(saved, created) => {
            setArticles((list) =>
              created
                ? [saved, ...(list ?? [])].sort(newestFirst)
                : (list ?? []).map((item) => (item.id === saved.id ? saved : item)),
            );
            if (!created) return;
            // Its address is now the article's: a reload, or a colleague given the link, opens it.
            setEditor((current) => current && { ...current, created: saved.id });
            leaving.current = true;
            void navigate(editorPath({ kind: "edit", id: saved.id }, params), { replace: true, state: { fromList } });
          }}
          onDirtyChange={setEditorDirty}
          revisions={api}
          createPreviewLink={api.createPreviewLink}
          // Sending, its preview and its test are for the roles that may send (decision 0420).
          sends={can("articles:send") ? api : undefined}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={t("admin.blog.deleteTitle", { title: deleting.title })}
          text={`${t("admin.blog.confirmDelete")} ${t("admin.blog.deleteToTrash")}`}
          cancelLabel={t("admin.blog.keep")}
          confirmLabel={t("admin.blog.deleteConfirm")}
          onCancel={() => setDeleting(null)}
          onConfirm={() => void remove(deleting)}
        />
      ) : null}
      {askingBulkTrash ? (
        <ConfirmDialog
          title={t("admin.blog.bulk.trashTitle", { count: selected.size })}
          text={t("admin.blog.bulk.trashText", { count: selected.size })}
          cancelLabel={t("admin.blog.keep")}
          confirmLabel={t("admin.blog.bulk.trash")}
          onCancel={() => setAskingBulkTrash(false)}
          onConfirm={() => void bulk("trash")}
        />
      ) : null}
      {blocker.state === "blocked" ? (
        <ConfirmDialog
          title={t("admin.editor.leave.title")}
          text={t("admin.editor.leave.text")}
          cancelLabel={t("admin.editor.leave.stay")}
          confirmLabel={t("admin.editor.leave.discard")}
          onCancel={() => blocker.reset()}
          onConfirm={() => {
            // The editor closes first (writing what it still had pending), then its copy is dropped.
            flushSync(() => {
              setEditor(null);
              setEditorDirty(false);
            });
            if (editor)
              removeDraft(
                editorDraftKey(editor.article?.id ?? editor.created, editor.translation?.language ?? DEFAULT_LANGUAGE),
              );
            blocker.proceed();
          }}
        />
      ) : null}
    </main>
  );
}

function without(set: ReadonlySet<string>, ids: readonly string[]): Set<string> {
  const next = new Set(set);
  for (const id of ids) next.delete(id);
  return next;
}

/**
 * Above the list: choose the articles shown (all, or none), how many are chosen, and what to do
 * with them: publish, unpublish, move to the trash (which asks first).
 */
function BulkBar({
  shown,
  selected,
  busy,
  onSelect,
  onAction,
}: {
  shown: readonly ListedArticle[];
  selected: ReadonlySet<string>;
  busy: boolean;
  onSelect(next: ReadonlySet<string>): void;
  onAction(action: BulkAction): void;
}) {
  const { t } = useTranslation();
  const allShown = shown.every((article) => selected.has(article.id));
  const none = selected.size === 0;
  return (
    <div
      role="toolbar"
      aria-label={t("admin.blog.bulk.label")}
      className="mt-6 flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm"
    >
      <label className="inline-flex items-center gap-2 font-semibold text-slate-800">
        <input
          type="checkbox"
          checked={allShown}
          onChange={(event) =>
            onSelect(
              event.target.checked
                ? new Set([...selected, ...shown.map((article) => article.id)])
                : without(
                    selected,
                    shown.map((article) => article.id),
                  ),
            )
          }
          className="h-4 w-4"
        />
        {t("admin.blog.bulk.selectShown")}
      </label>
      <span aria-live="polite" className="text-slate-700">
        {t("admin.blog.bulk.count", { count: selected.size })}
      </span>
      <div className="ml-auto flex flex-wrap gap-2">
        {(["publish", "unpublish", "trash"] as const).map((action) => (
          <PlainButton
            key={action}
            disabled={none || busy}
            onClick={() => onAction(action)}
            className="bg-white px-3 py-1.5 disabled:cursor-not-allowed disabled:opacity-60"
          >
            {t(`admin.blog.bulk.${action}`)}
          </PlainButton>
        ))}
      </div>
    </div>
  );
}

const BADGE = {
  published: "bg-green-100 text-green-900",
  draft: "bg-amber-100 text-amber-900",
  scheduled: "bg-sky-100 text-sky-900",
} as const;

function StatusBadge({ article }: { article: ListedArticle }) {
  const { t } = useTranslation();
  const status = statusOf(article);
  return (
    <span
      data-testid="article-status"
      className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${BADGE[status]}`}
    >
      {t(`admin.blog.${status}`)}
    </span>
  );
}

/** When it is scheduled for, its views, when it was last changed, and unsaved work in this browser. */
function ArticleFacts({ article }: { article: ListedArticle }) {
  const { t } = useTranslation();
  const { publishAt } = article;
  const localCopy = readDraft(draftKey(article.id, article.language));
  return (
    <div className="mt-2 space-y-0.5 text-xs text-slate-700">
      {statusOf(article) === "scheduled" && publishAt ? (
        <p data-testid="article-scheduled" className="font-semibold text-sky-900">
          {t("admin.blog.scheduledFor", { date: formatMadrid(publishAt, "es") })}
        </p>
      ) : null}
      <p data-testid="article-views">{t("admin.blog.views", { count: article.viewCount ?? 0 })}</p>
      <p>
        {t("admin.blog.updated", {
          date: formatArticleDate(t, article.updatedAt ?? article.createdAt),
        })}
      </p>
      {localCopy ? <p className="font-semibold text-amber-900">{t("admin.blog.localDraft")}</p> : null}
      {article.behind ? (
        <p data-testid="article-outdated" className="font-semibold text-amber-900">
          {t("admin.blog.outdated")}:{" "}
          {t("admin.blog.outdatedSince", { language: t(`admin.languages.${article.behind.sourceLanguage}`) })}
        </p>
      ) : null}
    </div>
  );
}

/** "Traducciones: Inglés (Publicada) · Portugués (Borrador)", or none. */
function Translations({ article }: { article: ListedArticle }) {
  const { t } = useTranslation();
  if (!article.translations.length)
    return <p className="mt-2 text-xs text-slate-600">{t("admin.blog.noTranslations")}</p>;
  return (
    <p className="mt-2 text-xs text-slate-700" data-testid="article-translations">
      {t("admin.blog.translations")}:{" "}
      {article.translations
        .map(
          (other) =>
            `${t(`admin.languages.${other.language}`)} (${other.published ? t("admin.blog.published") : t("admin.blog.draft")}${
              other.outdated ? `, ${t("admin.blog.outdated").toLowerCase()}` : ""
            })`,
        )
        .join(" · ")}
    </p>
  );
}

function IconButton({
  label,
  onClick,
  danger,
  children,
}: {
  label: string;
  onClick(): void;
  danger?: boolean;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      className={`inline-flex h-10 w-10 items-center justify-center rounded-lg ${danger ? "text-red-700 hover:bg-red-50" : "text-slate-700 hover:bg-slate-100"}`}
    >
      {children}
    </button>
  );
}
