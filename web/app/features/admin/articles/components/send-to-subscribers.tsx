import { useEffect, useState } from "react";
import type { ArticleSendStatus, SendProgress } from "@codcrm/core/article/article-send";
import { useLanguage } from "../../../../i18n/language-context.tsx";
import { useTranslation } from "react-i18next";
import { isSessionRefused } from "../../shared/api/admin-request.ts";
import { PlainButton, PrimaryButton } from "../../shared/components/buttons.tsx";

/** How often the progress of a send under way is read again. */
export const SEND_PROGRESS_POLL_MS = 2_000;

export interface SendApi {
  sendStatus(id: string): Promise<ArticleSendStatus>;
  startSend(id: string): Promise<{ send: SendProgress }>;
}

/**
 * "Enviar a suscriptores" of a published or scheduled article (docs/decisions/0163-article-sends.md):
 * how many confirmed subscribers of its language would get it, a confirmation, then the send's
 * progress (queued, sent, failed) read again until it is done. Each subscriber gets an article
 * at most once, so pressing again after a send only shows it.
 */
export function SendToSubscribers({ articleId, api }: { articleId: string; api: SendApi }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [status, setStatus] = useState<ArticleSendStatus | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  /** Bumped when a send starts: the effect reads its progress from then on. */
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      try {
        const next = await api.sendStatus(articleId);
        if (!live) return;
        setStatus(next);
        // A send under way is read again until it is done.
        if (next.send && next.send.state !== "done") timer = setTimeout(() => void read(), SEND_PROGRESS_POLL_MS);
      } catch (error) {
        if (live && !isSessionRefused(error)) setProblem(t("admin.editor.send.loadFailed"));
      }
    };
    void read();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [articleId, api, round, t]);

  async function send() {
    setBusy(true);
    setProblem(null);
    try {
      const { send: started } = await api.startSend(articleId);
      setStatus((current) => (current ? { ...current, send: started } : current));
      setConfirming(false);
      setRound((n) => n + 1);
    } catch (error) {
      if (!isSessionRefused(error)) setProblem(t("admin.editor.send.failed"));
    } finally {
      setBusy(false);
    }
  }

  const number = new Intl.NumberFormat(language);
  const progress = status?.send;
  return (
    <section aria-label={t("admin.editor.send.title")} className="space-y-2 rounded-lg border border-slate-200 p-3">
      <h3 className="text-sm font-semibold text-ink">{t("admin.editor.send.title")}</h3>
      {status ? (
        <p className="text-sm text-slate-700">
          {t("admin.editor.send.count", { count: status.recipients, recipients: number.format(status.recipients) })}
        </p>
      ) : null}
      {status && !progress && !confirming ? (
        <PlainButton onClick={() => setConfirming(true)} className="px-3 py-1.5">
          {t("admin.editor.send.button")}
        </PlainButton>
      ) : null}
      {status && !progress && confirming ? (
        <div role="group" aria-label={t("admin.editor.send.button")} className="space-y-2">
          <p className="text-sm text-slate-800">
            {t("admin.editor.send.confirm", { count: status.recipients, recipients: number.format(status.recipients) })}
          </p>
          <div className="flex gap-2">
            <PrimaryButton disabled={busy} onClick={() => void send()} className="px-3 py-1.5 disabled:opacity-60">
              {busy ? t("admin.editor.send.starting") : t("admin.editor.send.confirmButton")}
            </PrimaryButton>
            <PlainButton disabled={busy} onClick={() => setConfirming(false)} className="px-3 py-1.5">
              {t("admin.editor.send.cancel")}
            </PlainButton>
          </div>
        </div>
      ) : null}
      {progress ? (
        <p role="status" className="text-sm text-slate-800">
          {progress.state === "waiting"
            ? t("admin.editor.send.waiting", {
                date: new Intl.DateTimeFormat(language, { dateStyle: "long", timeStyle: "short" }).format(
                  new Date(progress.notBefore),
                ),
              })
            : t(progress.state === "done" ? "admin.editor.send.done" : "admin.editor.send.progress", {
                // Each figure with its noun in its number ("1 enviado", "2 enviados").
                parts: [
                  ...(progress.state === "done" ? [] : [t("admin.editor.send.queued", { count: progress.queued })]),
                  t("admin.editor.send.sent", { count: progress.sent }),
                  t("admin.editor.send.failed", { count: progress.failed }),
                  t("admin.editor.send.skipped", { count: progress.skipped }),
                ].join(" · "),
              })}
        </p>
      ) : null}
      {problem ? (
        <p role="alert" className="text-xs text-red-800">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
