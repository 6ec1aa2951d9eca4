import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ArticleFormValues } from "@codcrm/core/article/article-schema";
import type { ArticleMailPreview } from "@codcrm/core/article/article-send";
import { ApiError } from "../../../../lib/api-client.ts";
import { Dialog } from "../../../../ui/dialog.tsx";
import { isSessionRefused } from "../../shared/api/admin-request.ts";
import { ChoiceButtons, PlainButton } from "../../shared/components/buttons.tsx";

/** The calls of the mail's preview and test (`articlesApi`'s, in the app). */
export interface MailPreviewApi {
  previewMail(id: string, values: ArticleFormValues): Promise<ArticleMailPreview>;
  testMail(id: string, values: ArticleFormValues): Promise<{ to: string }>;
}

/**
 * "Ver el correo" and "Enviarme una prueba" (docs/decisions/0453-send-flow-with-preview-and-test.md):
 * the article's mail as subscribers get it, made by the server's mail renderer from the text in
 * the editor, its HTML in a sandboxed frame (no scripts, an origin of its own) and its plain
 * text; and that mail sent to the signed-in administrator's own address only.
 */
export function MailPreview({
  articleId,
  values,
  api,
}: {
  articleId: string;
  /** The form as the API takes it: what the mail is made of. */
  values: () => ArticleFormValues;
  api: MailPreviewApi;
}) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<ArticleMailPreview | null>(null);
  const [part, setPart] = useState<"html" | "text">("html");
  const [busy, setBusy] = useState<"preview" | "test" | null>(null);
  const [said, setSaid] = useState<{ kind: "status" | "alert"; text: string } | null>(null);

  async function open() {
    setBusy("preview");
    setSaid(null);
    try {
      setPreview(await api.previewMail(articleId, values()));
      setPart("html");
    } catch (error) {
      if (!isSessionRefused(error)) setSaid({ kind: "alert", text: problemText(error, "previewFailed") });
    } finally {
      setBusy(null);
    }
  }

  async function test() {
    setBusy("test");
    setSaid(null);
    try {
      const { to } = await api.testMail(articleId, values());
      setSaid({ kind: "status", text: t("admin.editor.send.testSent", { to }) });
    } catch (error) {
      if (!isSessionRefused(error)) setSaid({ kind: "alert", text: problemText(error, "testFailed") });
    } finally {
      setBusy(null);
    }
  }

  function problemText(error: unknown, fallback: "previewFailed" | "testFailed"): string {
    if (error instanceof ApiError && error.code === "validation_failed") return t("admin.editor.send.fixFirst");
    return t(`admin.editor.send.${fallback}`);
  }

  const testButton = (
    <PlainButton disabled={busy !== null} onClick={() => void test()} className="px-3 py-1.5 disabled:opacity-60">
      {busy === "test" ? t("admin.editor.send.testing") : t("admin.editor.send.test")}
    </PlainButton>
  );
  const message = said ? (
    <p role={said.kind} className={`text-xs ${said.kind === "alert" ? "text-red-800" : "text-green-900"}`}>
      {said.text}
    </p>
  ) : null;

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <PlainButton disabled={busy !== null} onClick={() => void open()} className="px-3 py-1.5 disabled:opacity-60">
          {busy === "preview" ? t("admin.editor.send.previewLoading") : t("admin.editor.send.preview")}
        </PlainButton>
        {testButton}
      </div>
      {preview ? null : message}
      {preview ? (
        <Dialog
          open
          onClose={() => setPreview(null)}
          title={t("admin.editor.send.previewTitle")}
          closeLabel={t("admin.editor.send.previewClose")}
          className="sm:max-w-3xl"
        >
          <p className="text-sm text-slate-700">
            {t("admin.editor.send.previewSubject")} <strong lang={preview.language}>{preview.subject}</strong>
          </p>
          <div role="group" aria-label={t("admin.editor.send.previewPart")} className="mt-3 flex gap-1">
            <ChoiceButtons
              choices={["html", "text"] as const}
              chosen={part}
              onChoose={setPart}
              label={(shown) => t(`admin.editor.send.part.${shown}`)}
            />
          </div>
          {part === "html" ? (
            // No scripts and an opaque origin: the mail's HTML can read nothing of the admin. Links
            // open outside it, as a mail client opens them.
            <iframe
              title={t("admin.editor.send.previewFrame")}
              sandbox="allow-popups allow-popups-to-escape-sandbox"
              srcDoc={preview.html}
              className="mt-3 h-[28rem] w-full rounded-lg border border-slate-200 bg-white"
            />
          ) : (
            <pre
              lang={preview.language}
              data-testid="mail-preview-text"
              className="mt-3 max-h-[28rem] overflow-auto whitespace-pre-wrap rounded-lg border border-slate-200 bg-slate-50 p-4 font-sans text-sm text-slate-800"
            >
              {preview.text}
            </pre>
          )}
          <div className="mt-4 flex flex-wrap items-center gap-3">
            {testButton}
            {message}
          </div>
        </Dialog>
      ) : null}
    </div>
  );
}
