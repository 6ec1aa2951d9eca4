import { useId } from "react";
import { useTranslation } from "../../../../i18n/language-context.tsx";
import { madridToInstant } from "../../../../lib/madrid-time.ts";
import { PlainButton } from "../../shared/components/plain-button.tsx";

/** Why a "Publicar el…" value cannot be saved, or undefined (docs/decisions/0091-scheduling-in-madrid-time.md). */
export function scheduleProblem(local: string, now: Date): "invalid" | "past" | undefined {
  if (!local) return undefined;
  const instant = madridToInstant(local);
  if (!instant) return "invalid";
  return Date.parse(instant) <= now.getTime() ? "past" : undefined;
}

/** "Publicar el… (hora de Madrid)": a date and time on Madrid's clock, empty to publish on saving. */
export function ScheduleField({
  value,
  onChange,
  problem,
}: {
  /** "2026-07-01T10:30" on Madrid's clock, or "". */
  value: string;
  onChange(value: string): void;
  problem?: "invalid" | "past";
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="ml-6">
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {t("admin.editor.schedule.label")}
      </label>
      <div className="mt-1 flex flex-wrap gap-2">
        <input
          id={id}
          type="datetime-local"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ""}`}
          className="block rounded-lg border border-slate-400 px-3 py-2 text-slate-900"
        />
        {value ? (
          <PlainButton onClick={() => onChange("")} className="px-3 py-2 text-sm">
            {t("admin.editor.schedule.clear")}
          </PlainButton>
        ) : null}
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        {t("admin.editor.schedule.hint")}
      </p>
      {problem ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {t(`admin.editor.schedule.${problem}`)}
        </p>
      ) : null}
    </div>
  );
}
