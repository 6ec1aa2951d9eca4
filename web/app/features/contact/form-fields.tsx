import { useId } from "react";
import type { ValidationCode } from "@codcrm/core/validation";
import { useTranslation } from "react-i18next";

/** Light and dark surfaces: the dialog and /contacto are white, the footer is ink. */
export type FieldTone = "light" | "dark";

const CONTROL = {
  light: "w-full rounded-lg border bg-white px-3 py-2 text-ink placeholder:text-slate-500",
  dark: "w-full rounded-lg border bg-slate-800 px-3 py-2 text-white placeholder:text-slate-400",
} as const;
const BORDER = { light: "border-slate-400", dark: "border-slate-500" } as const;
const INVALID_BORDER = { light: "border-red-700", dark: "border-red-300" } as const;
const ERROR_TEXT = { light: "text-red-700", dark: "text-red-300" } as const;

export function controlClass(tone: FieldTone, error: ValidationCode | undefined): string {
  return `${CONTROL[tone]} ${error ? INVALID_BORDER[tone] : BORDER[tone]}`;
}

/** The attributes that tie a control to its error text. */
export function errorAttributes(errorId: string, error: ValidationCode | undefined) {
  return error ? { "aria-invalid": true as const, "aria-describedby": errorId } : {};
}

export function FieldError({
  id,
  code,
  tone = "light",
}: {
  id: string;
  code: ValidationCode | undefined;
  tone?: FieldTone;
}) {
  const { t } = useTranslation();
  if (!code) return null;
  return (
    <p id={id} className={`mt-1 text-sm ${ERROR_TEXT[tone]}`}>
      {t(`validation.${code}`)}
    </p>
  );
}

/**
 * The field people never see and bots fill in (`website`). Off screen rather than
 * display:none (bots skip those), out of the tab order, hidden from assistive technology,
 * and not offered for autofill, so a person never fills it by accident.
 */
export function HoneypotField({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange(value: string): void;
  label: string;
}) {
  const id = useId();
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        name="website"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
