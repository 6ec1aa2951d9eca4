import { useState, useId } from "react";
import { useLanguage } from "../../../../i18n/language-context.tsx";
import { useTranslation } from "react-i18next";
import { isSessionRefused } from "../../shared/api/admin-request.ts";
import type { PreviewLink } from "../api/articles-api.ts";
import { PlainButton } from "../../shared/components/buttons.tsx";

/**
 * "Crear enlace de vista previa": a link anyone can open that shows the article as last saved
 * (docs/decisions/0086-preview-links.md), with copy to the clipboard and its expiry.
 */
export function PreviewLinkButton({
  articleId,
  create,
}: {
  articleId: string;
  create(id: string): Promise<PreviewLink>;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const inputId = useId();
  const [link, setLink] = useState<{ url: string; expiresAt: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: "status" | "alert"; text: string } | null>(null);

  async function make() {
    setBusy(true);
    setMessage(null);
    try {
      const made = await create(articleId);
      setLink({ url: new URL(made.url, window.location.origin).href, expiresAt: made.expiresAt });
    } catch (error) {
      if (!isSessionRefused(error)) {
        console.error(error);
        setMessage({ kind: "alert", text: t("admin.editor.previewLink.failed") });
      }
    } finally {
      setBusy(false);
    }
  }

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      setMessage({ kind: "status", text: t("admin.editor.previewLink.copied") });
    } catch {
      setMessage({ kind: "alert", text: t("admin.editor.previewLink.copyFailed") });
    }
  }

  return (
    <div className="space-y-2">
      <PlainButton disabled={busy} onClick={() => void make()} className="px-3 py-1.5 disabled:opacity-60">
        {busy ? t("admin.editor.previewLink.creating") : t("admin.editor.previewLink.create")}
      </PlainButton>
      {link ? (
        <div>
          <label htmlFor={inputId} className="block text-xs font-semibold text-slate-700">
            {t("admin.editor.previewLink.label")}
          </label>
          <div className="mt-1 flex gap-2">
            <input
              id={inputId}
              type="text"
              readOnly
              value={link.url}
              onFocus={(event) => event.target.select()}
              className="block w-full rounded-lg border border-slate-400 px-3 py-1.5 font-mono text-xs text-slate-900"
            />
            <PlainButton onClick={() => void copy(link.url)} className="shrink-0 px-3 py-1.5">
              {t("admin.editor.previewLink.copy")}
            </PlainButton>
          </div>
          <p className="mt-1 text-xs text-slate-600">
            {t("admin.editor.previewLink.expires", {
              date: new Intl.DateTimeFormat(language, { dateStyle: "long", timeStyle: "short" }).format(
                new Date(link.expiresAt),
              ),
            })}{" "}
            {t("admin.editor.previewLink.hint")}
          </p>
        </div>
      ) : null}
      {message ? (
        <p role={message.kind} className={`text-xs ${message.kind === "alert" ? "text-red-800" : "text-green-900"}`}>
          {message.text}
        </p>
      ) : null}
    </div>
  );
}
