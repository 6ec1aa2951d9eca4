import { useLanguage, useTranslation } from "../../../../i18n/language-context.tsx";
import { PlainButton, PrimaryButton } from "../../shared/components/buttons.tsx";

/** "Tienes cambios sin guardar del {fecha}: Recuperar / Descartar". */
export function RecoveryOffer({
  savedAt,
  onRecover,
  onDiscard,
}: {
  savedAt: string;
  onRecover(): void;
  onDiscard(): void;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const date = new Intl.DateTimeFormat(language, { dateStyle: "long", timeStyle: "short" }).format(new Date(savedAt));
  return (
    <div
      role="region"
      aria-label={t("admin.editor.status.unsaved")}
      className="flex flex-wrap items-center gap-3 rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm text-brand-950"
    >
      <p className="flex-1 font-medium">{t("admin.editor.recovery.text", { date })}</p>
      <PrimaryButton onClick={onRecover} className="px-3 py-1.5">
        {t("admin.editor.recovery.recover")}
      </PrimaryButton>
      <PlainButton onClick={onDiscard} className="bg-white px-3 py-1.5">
        {t("admin.editor.recovery.discard")}
      </PlainButton>
    </div>
  );
}

export type AutosaveState = "idle" | "saving" | "failed";

/** "Guardado 10:42", "Guardando…", "Cambios sin guardar": discreet, and read out when it changes. */
export function SaveStatus({
  dirty,
  state,
  savedAt,
  manualOnly,
}: {
  dirty: boolean;
  state: AutosaveState;
  /** When the server last took the text (ISO instant). */
  savedAt?: string;
  /** A published article: autosave never changes it. */
  manualOnly: boolean;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const time = savedAt
    ? new Intl.DateTimeFormat(language, { hour: "2-digit", minute: "2-digit" }).format(new Date(savedAt))
    : "";
  const text =
    state === "saving"
      ? t("admin.editor.status.saving")
      : state === "failed"
        ? t("admin.editor.status.failed")
        : dirty
          ? t("admin.editor.status.unsaved")
          : savedAt
            ? t("admin.editor.status.saved", { time })
            : "";
  return (
    <p role="status" data-testid="save-status" className="text-xs text-slate-600">
      {text}
      {manualOnly && dirty ? <span className="block">{t("admin.editor.status.publishedManual")}</span> : null}
    </p>
  );
}
