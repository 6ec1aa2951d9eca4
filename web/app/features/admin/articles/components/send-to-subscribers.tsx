import { useEffect, useState } from "react";
import type { ArticleSendStatus, SendProgress } from "@codcrm/core/article/article-send";
import { useLanguage } from "../../../../i18n/language-context.tsx";
import { useTranslation } from "react-i18next";
import { isSessionRefused } from "../../shared/api/admin-request.ts";
import { PlainButton, PrimaryButton } from "../../shared/components/buttons.tsx";
import type { ArticleFormValues } from "@codcrm/core/article/article-schema";
import { MailPreview, type MailPreviewApi } from "./mail-preview.tsx";

/** How often the progress of a send under way is read again. */
export const SEND_PROGRESS_POLL_MS = 2_000;

export interface SendApi extends Partial<MailPreviewApi> {
  sendStatus(id: string): Promise<ArticleSendStatus>;
  startSend(id: string): Promise<{ send: SendProgress }>;
}

/**
 * How the sentences about a send name its recipients: how many (`count` picks the plural), that
 * figure as the admin's language writes it, and the language they read in.
 */
export function useRecipientWords() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const number = new Intl.NumberFormat(language);
  return (status: ArticleSendStatus) => ({
    count: status.recipients,
    recipients: number.format(status.recipients),
    language: t(`admin.editor.send.inLanguage.${status.language}`),
  });
}

/**
 * "Enviar también a los 3 suscriptores en español" beside the publish and schedule controls of an
 * article not published yet (docs/decisions/0453-send-flow-with-preview-and-test.md): ticked,
 * saving asks first, naming the count and the language, then publishes and asks for the send.
 * With the mail's preview and test, made from the text in the editor.
 */
export function SendOnPublish({
  status,
  checked,
  scheduled,
  onChange,
  articleId,
  values,
  api,
}: {
  /** The article's language's confirmed subscribers, as the server counts them now. */
  status: ArticleSendStatus;
  checked: boolean;
  /** The article is to be published later: the mail leaves then. */
  scheduled: boolean;
  onChange(checked: boolean): void;
  articleId: string;
  values: () => ArticleFormValues;
  api: SendApi;
}) {
  const { t } = useTranslation();
  const recipientWords = useRecipientWords();
  const label = t(scheduled ? "admin.editor.send.alsoScheduled" : "admin.editor.send.also", recipientWords(status));
  return (
    <section aria-label={t("admin.editor.send.title")} className="space-y-2 rounded-lg border border-slate-200 p-3">
      <label className="inline-flex items-start gap-2 text-sm font-semibold text-slate-800">
        <input
          type="checkbox"
          checked={checked}
          disabled={status.recipients === 0}
          onChange={(event) => onChange(event.target.checked)}
          className="mt-0.5 h-4 w-4"
        />
        {label}
      </label>
      {api.previewMail && api.testMail ? (
        <MailPreview
          articleId={articleId}
          values={values}
          api={{ previewMail: api.previewMail, testMail: api.testMail }}
        />
      ) : null}
    </section>
  );
}

/**
 * "Enviar a suscriptores" of a published or scheduled article (docs/decisions/0163-article-sends.md):
 * how many confirmed subscribers of its language would get it, a confirmation, then the send's
 * progress (queued, sent, failed) read again until it is done. Each subscriber gets an article
 * at most once, so pressing again after a send only shows it.
 */
export function SendToSubscribers({
  articleId,
  api,
  values,
}: {
  articleId: string;
  api: SendApi;
  /** The editor's form as the API takes it: the mail's preview and test are made of it. */
  values?: () => ArticleFormValues;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const recipientWords = useRecipientWords();
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

  const progress = status?.send;
  const recipients = status ? recipientWords(status) : undefined;
  return (
    <section aria-label={t("admin.editor.send.title")} className="space-y-2 rounded-lg border border-slate-200 p-3">
      <h3 className="text-sm font-semibold text-ink">{t("admin.editor.send.title")}</h3>
      {status ? <p className="text-sm text-slate-700">{t("admin.editor.send.count", recipients)}</p> : null}
      {status && !progress && values && api.previewMail && api.testMail ? (
        <MailPreview
          articleId={articleId}
          values={values}
          api={{ previewMail: api.previewMail, testMail: api.testMail }}
        />
      ) : null}
      {status && !progress && !confirming ? (
        <PlainButton onClick={() => setConfirming(true)} className="px-3 py-1.5">
          {t("admin.editor.send.button")}
        </PlainButton>
      ) : null}
      {status && !progress && confirming ? (
        <div role="group" aria-label={t("admin.editor.send.button")} className="space-y-2">
          <p className="text-sm text-slate-800">{t("admin.editor.send.confirm", recipients)}</p>
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
