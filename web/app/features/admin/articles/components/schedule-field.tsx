import { useTranslation } from "react-i18next";
import { madridToInstant } from "@codcrm/core/site/madrid-time";
import { PlainButton } from "../../shared/components/buttons.tsx";
import { FormField } from "./form-field.tsx";

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
  return (
    <div className="ml-6">
      <FormField
        name="publishAt"
        label={t("admin.editor.schedule.label")}
        hint={t("admin.editor.schedule.hint")}
        error={problem}
      >
        {(props) => (
          <div className="mt-1 flex flex-wrap gap-2">
            <input
              {...props}
              type="datetime-local"
              value={value}
              onChange={(event) => onChange(event.target.value)}
              className="block rounded-lg border border-slate-400 px-3 py-2 text-slate-900"
            />
            {value ? (
              <PlainButton onClick={() => onChange("")} className="px-3 py-2 text-sm">
                {t("admin.editor.schedule.clear")}
              </PlainButton>
            ) : null}
          </div>
        )}
      </FormField>
    </div>
  );
}
