import { useLanguage } from "../../../../i18n/language-context.tsx";
import { useTranslation } from "react-i18next";
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

/**
 * Someone saved the article since this edit began: show their version instead, or save this
 * one over it knowingly; after an autosave met it, also keep typing here, unsaved.
 */
export function ConflictNotice({
  autosaveStopped,
  onReload,
  onOverwrite,
  onKeepLocal,
}: {
  /** Autosave met the conflict and stopped: the text stays in this browser until a save. */
  autosaveStopped: boolean;
  onReload(): void;
  onOverwrite(): void;
  onKeepLocal(): void;
}) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <p className="font-semibold">{t("admin.editor.conflict.title")}</p>
      <p className="mt-1">{t("admin.editor.conflict.text")}</p>
      {autosaveStopped ? <p className="mt-1">{t("admin.editor.autosaveConflict.stopped")}</p> : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {[
          { label: t("admin.editor.conflict.reload"), act: onReload },
          { label: t("admin.editor.conflict.overwrite"), act: onOverwrite },
          // Only after autosave met the conflict: the text stays in this browser, unsaved.
          ...(autosaveStopped ? [{ label: t("admin.editor.autosaveConflict.keepLocal"), act: onKeepLocal }] : []),
        ].map(({ label, act }) => (
          <button
            key={label}
            type="button"
            onClick={act}
            className="rounded-lg border border-amber-400 bg-white px-3 py-1.5 font-semibold hover:bg-amber-100"
          >
            {label}
          </button>
        ))}
      </div>
    </div>
  );
}
