import { useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Language } from "@codcrm/core/site/languages";
import { TextField, type TextControlAttributes } from "../../../../ui/text-field.tsx";
import { LanguageOptions } from "./select-field.tsx";

/** The look of the sign-in, invitation and settings forms' fields (one column, label above). */
export const ACCOUNT_CONTROL = "mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2 text-slate-900";
const ACCOUNT_LABEL = "mt-4 block text-sm font-semibold text-slate-800";

/**
 * A labelled text field of those forms: the site's one `TextField` with their look and an id of
 * its own; `children` follow the control (what describes it).
 */
export function AccountField({
  label,
  value,
  onChange,
  rows,
  control,
  labelClassName = ACCOUNT_LABEL,
  children,
}: {
  label: ReactNode;
  /** The label's look, where a form sets its fields in a row. */
  labelClassName?: string;
  value: string;
  onChange(value: string): void;
  rows?: number;
  control?: TextControlAttributes;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <TextField
      id={id}
      label={label}
      labelClassName={labelClassName}
      className={ACCOUNT_CONTROL}
      value={value}
      onChange={onChange}
      rows={rows}
      control={control}
    >
      {children}
    </TextField>
  );
}

/** The admin's language, as a person chooses it for their screens (docs/decisions/0425-the-admin-in-each-persons-language.md). */
export function AdminLanguageField({ value, onChange }: { value: Language; onChange(language: Language): void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={ACCOUNT_LABEL}>
        {t("admin.settings.language")}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as Language)}
        className={ACCOUNT_CONTROL}
      >
        <LanguageOptions />
      </select>
    </div>
  );
}
