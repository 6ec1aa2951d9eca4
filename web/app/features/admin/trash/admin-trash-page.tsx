import { useCallback, useState } from "react";
import { useAdmin } from "../shared/admin-context.ts";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { TrashedArticle } from "@codcrm/core/article/trash";
import { formatArticleDate } from "@codcrm/core/article/article-display";
import { ConfirmDialog } from "../../../ui/confirm-dialog.tsx";
import { DocumentHead } from "../../../seo/document-head.tsx";
import { isSessionRefused } from "../shared/api/admin-request.ts";
import { PlainButton } from "../shared/components/buttons.tsx";
import { Loaded, NoticeRegion, type Notice } from "../shared/components/notices.tsx";
import { useAdminList } from "../shared/hooks/use-admin-list.ts";
import { useTrashApi } from "./api/trash-api.ts";

/** What is being asked before it is done: erase one article, or empty the whole trash. */
type Question = { kind: "erase"; article: TrashedArticle } | { kind: "empty" };

/**
 * `/admin/papelera`: the articles deleted in the last 30 days (docs/decisions/0450-article-trash.md),
 * each restorable as a draft with its history, or erased for good; "Vaciar la papelera" erases
 * them all. Both erasures ask first, in the site's own dialog.
 */
export default function AdminTrashPage() {
  const { t } = useTranslation();
  const api = useTrashApi();
  const { can } = useAdmin();
  const load = useCallback(() => api.list(), [api]);
  const list = useAdminList(load);
  const { data: articles, setData: setArticles, reload } = list;
  const [notice, setNotice] = useState<Notice | null>(null);
  const [question, setQuestion] = useState<Question | null>(null);
  const [busy, setBusy] = useState(false);

  /** Runs one action, with its notice; a failure says so and reads the trash again. */
  async function act(run: () => Promise<Notice>) {
    setBusy(true);
    setNotice(null);
    try {
      setNotice(await run());
    } catch (error) {
      if (isSessionRefused(error)) return;
      console.error(error);
      setNotice({ kind: "error", text: t("admin.trash.failed") });
      void reload();
    } finally {
      setBusy(false);
      setQuestion(null);
    }
  }

  const drop = (id: string) => setArticles((list) => list?.filter((item) => item.id !== id) ?? null);

  const restore = (article: TrashedArticle) =>
    act(async () => {
      const { detached } = await api.restore(article.id);
      drop(article.id);
      return {
        kind: "success",
        text: t(detached ? "admin.trash.restoredAlone" : "admin.trash.restored", { title: article.title }),
      };
    });

  const answer = () => {
    if (!question) return;
    if (question.kind === "erase")
      void act(async () => {
        await api.erase(question.article.id);
        drop(question.article.id);
        return { kind: "success", text: t("admin.trash.erased", { title: question.article.title }) };
      });
    else
      void act(async () => {
        const { erased } = await api.empty();
        setArticles([]);
        return { kind: "success", text: t("admin.trash.emptied", { count: erased }) };
      });
  };

  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <DocumentHead title={t("admin.trash.pageTitle")} />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold text-ink">{t("admin.trash.title")}</h1>
        {/* Emptying erases everybody's articles: for the roles that may change others' (decision 0420). */}
        {articles?.length && can("articles:others") ? (
          <PlainButton onClick={() => setQuestion({ kind: "empty" })} disabled={busy} className="px-4 py-2.5">
            {t("admin.trash.empty")}
          </PlainButton>
        ) : null}
      </div>
      <p className="mt-2 text-sm text-slate-700">{t("admin.trash.intro")}</p>
      <NoticeRegion notice={notice} />
      <Loaded list={list} failed={t("admin.trash.loadFailed")} loading={t("admin.trash.loading")}>
        {(articles) =>
          articles.length === 0 ? (
            <p className="mt-8 rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">
              {t("admin.trash.none")}{" "}
              <Link to="/admin/blog" className="font-semibold text-brand-700 underline">
                {t("admin.trash.backToList")}
              </Link>
            </p>
          ) : (
            <ul aria-label={t("admin.trash.listLabel")} className="mt-6 space-y-3">
              {articles.map((article) => (
                <li
                  key={article.id}
                  className="flex flex-wrap items-center justify-between gap-4 rounded-xl border border-slate-200 bg-white p-4"
                >
                  <div>
                    <h2 lang={article.language} className="font-semibold text-ink">
                      {article.title}
                    </h2>
                    <p className="mt-1 text-xs text-slate-700">
                      {t(`admin.languages.${article.language}`)} ·{" "}
                      {article.published ? t("admin.blog.published") : t("admin.blog.draft")} ·{" "}
                      {t("admin.trash.deletedOn", { date: formatArticleDate(t, article.trashedAt) })} ·{" "}
                      <strong>{t("admin.trash.erasedOn", { date: formatArticleDate(t, article.erasesAt) })}</strong>
                    </p>
                  </div>
                  <div className="flex gap-2">
                    <PlainButton
                      disabled={busy}
                      onClick={() => void restore(article)}
                      className="px-3 py-1.5"
                      aria-label={t("admin.trash.restoreLabel", { title: article.title })}
                    >
                      {t("admin.trash.restore")}
                    </PlainButton>
                    <PlainButton
                      disabled={busy}
                      onClick={() => setQuestion({ kind: "erase", article })}
                      className="px-3 py-1.5"
                      aria-label={t("admin.trash.eraseLabel", { title: article.title })}
                    >
                      {t("admin.trash.erase")}
                    </PlainButton>
                  </div>
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
      {question ? (
        <ConfirmDialog
          title={question.kind === "empty" ? t("admin.trash.emptyTitle") : t("admin.trash.eraseTitle")}
          text={
            question.kind === "empty"
              ? t("admin.trash.emptyText", { count: articles?.length ?? 0 })
              : t("admin.trash.eraseText", { title: question.article.title })
          }
          cancelLabel={t("admin.trash.keep")}
          confirmLabel={question.kind === "empty" ? t("admin.trash.emptyConfirm") : t("admin.trash.eraseConfirm")}
          busy={busy}
          onCancel={() => setQuestion(null)}
          onConfirm={answer}
        />
      ) : null}
    </main>
  );
}
