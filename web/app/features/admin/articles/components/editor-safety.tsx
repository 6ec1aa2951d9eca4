import { useEffect, useState } from "react";
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

/** How long ago `at` was, as the admin's language says it ("hace 5 s", "5 sec. ago", "há 2 min"). */
export function savedAgo(at: string, now: number, language: string): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(at)) / 1000));
  const format = new Intl.RelativeTimeFormat(language, { numeric: "always", style: "short" });
  if (seconds < 60) return format.format(-seconds, "second");
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return format.format(-minutes, "minute");
  const hours = Math.floor(minutes / 60);
  return hours < 24 ? format.format(-hours, "hour") : format.format(-Math.floor(hours / 24), "day");
}

/** The time now, again every `everyMs` while mounted: what "hace 5 s" is measured against. */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * "Guardado hace 5 s", "Guardando…", "Cambios sin guardar": discreet, read out when it changes
 * (docs/decisions/0451-pending-changes-of-a-published-article.md), and under it what the
 * administrator may need to know: a published article's saved changes wait for "Actualizar",
 * a draft ticked "Publicado" waits for "Guardar", a new one saves itself once it can.
 */
export function SaveStatus({
  dirty,
  state,
  savedAt,
  pending,
  hint,
}: {
  /** Typing the server does not have yet. */
  dirty: boolean;
  state: AutosaveState;
  /** When the server last took the text (ISO instant). */
  savedAt?: string;
  /** What was saved are a published article's pending changes. */
  pending: boolean;
  hint?: "pending" | "publish" | "incomplete";
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const now = useNow(1000);
  const say = (ago: string) =>
    state === "saving"
      ? t("admin.editor.status.saving")
      : state === "failed"
        ? t("admin.editor.status.failed")
        : dirty
          ? t("admin.editor.status.unsaved")
          : savedAt
            ? t(pending ? "admin.editor.status.pendingSaved" : "admin.editor.status.saved", { ago })
            : "";
  const time = savedAt
    ? new Intl.DateTimeFormat(language, { hour: "2-digit", minute: "2-digit" }).format(new Date(savedAt))
    : "";
  return (
    <div className="text-xs text-slate-600">
      {/* Seen: how long ago, as it ages. Read out: the same with the time of day, once per change. */}
      <p data-testid="save-status" aria-hidden="true">
        {say(savedAt ? savedAgo(savedAt, now, language) : "")}
      </p>
      <p role="status" className="sr-only">
        {say(t("admin.editor.status.at", { time }))}
      </p>
      {hint ? <p data-testid="save-hint">{t(`admin.editor.status.${hint}Hint`)}</p> : null}
    </div>
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
