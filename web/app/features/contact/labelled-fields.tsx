import { type ReactNode, useId } from "react";
import type { ValidationCode } from "@codcrm/core/validation";
import { TextField } from "../../ui/text-field.tsx";
import { controlClass, errorAttributes, FieldError } from "./form-fields.tsx";

// The contact form's own fields; the parts every lead form shares (the footer's newsletter
// form too, on every page) stay in form-fields.tsx, so pages do not carry these.

interface LeadTextFieldProps {
  name: string;
  label: string;
  value: string;
  onChange(value: string): void;
  onInvalid(validity: ValidityState): void;
  error: ValidationCode | undefined;
  type?: "text" | "email" | "tel";
  autoComplete: string;
  maxLength: number;
  /** A textarea with this many rows instead of a one-line input. */
  rows?: number;
}

/** A lead form's labelled, required text field (the site's `TextField`) with its error underneath. */
export function LeadTextField({
  name,
  label,
  value,
  onChange,
  onInvalid,
  error,
  type = "text",
  autoComplete,
  maxLength,
  rows,
}: LeadTextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <TextField
      id={id}
      label={label}
      labelClassName="mb-1 block text-sm font-medium text-ink"
      value={value}
      onChange={onChange}
      rows={rows}
      className={controlClass("light", error)}
      control={{
        name,
        required: true,
        maxLength,
        autoComplete,
        ...(rows ? {} : { type }),
        onInvalid: (event: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) =>
          onInvalid(event.currentTarget.validity),
        ...errorAttributes(errorId, error),
      }}
    >
      <FieldError id={errorId} code={error} />
    </TextField>
  );
}

interface CheckboxFieldProps {
  name: string;
  label: ReactNode;
  checked: boolean;
  onChange(checked: boolean): void;
  onInvalid(validity: ValidityState): void;
  error: ValidationCode | undefined;
}

export function CheckboxField({ name, label, checked, onChange, onInvalid, error }: CheckboxFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={id}
          name={name}
          type="checkbox"
          required
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          onInvalid={(event) => onInvalid(event.currentTarget.validity)}
          className="mt-1 h-4 w-4 shrink-0 accent-brand-700"
          {...errorAttributes(errorId, error)}
        />
        <label htmlFor={id} className="text-sm text-slate-700">
          {label}
        </label>
      </div>
      <FieldError id={errorId} code={error} />
    </div>
  );
}
