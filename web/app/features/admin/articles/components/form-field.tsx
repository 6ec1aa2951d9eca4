import { Fragment, type ReactNode, type Ref } from "react";
import { useTranslation } from "react-i18next";
import { fieldErrorMessage, useControlId } from "./error-summary.tsx";

/** The look of the editor's text inputs, textareas and selects. */
export const INPUT = "mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2 text-slate-900";

/** What a field hands its control: the id its label names and the notes that describe it. */
export interface ControlProps {
  id: string;
  name?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
  "aria-required"?: boolean;
}

/** The id of a field's `<label>`, for a control that is named by `aria-labelledby` (a contenteditable is not labelable). */
export const fieldLabelId = (controlId: string) => `${controlId}-label`;

/** A line under the control (a counter, a warning): rendered with the id the control names. */
export interface FieldNote {
  name: string;
  render(id: string): ReactNode;
}

/**
 * The editor's labelled control: its label (with `*` when required), the control, then its
 * hint, its notes and its error message, each named by the control's `aria-describedby`.
 */
export function FormField({
  name,
  label,
  error,
  errorMessage,
  hint,
  required,
  notes = [],
  children,
}: {
  /** The form's name of the field: its control then has the id the error summary links to. */
  name?: string;
  label: string;
  /** A validation code (`validation.{code}` in the locales). */
  error?: string;
  /** What to say about `error` instead of the code's message (`fieldErrorMessage`). */
  errorMessage?: string;
  hint?: string;
  required?: boolean;
  notes?: readonly (FieldNote | false | undefined)[];
  children(props: ControlProps): ReactNode;
}) {
  const { t } = useTranslation();
  const id = useControlId(name);
  const shown = notes.filter((note): note is FieldNote => Boolean(note));
  const describedBy = [
    hint ? `${id}-hint` : "",
    ...shown.map((note) => `${id}-${note.name}`),
    error ? `${id}-error` : "",
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <div>
      <label htmlFor={id} id={fieldLabelId(id)} className="block text-sm font-semibold text-slate-800">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy || undefined,
        "aria-required": required || undefined,
      })}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {shown.map((note) => (
        <Fragment key={note.name}>{note.render(`${id}-${note.name}`)}</Fragment>
      ))}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {errorMessage ?? fieldErrorMessage(t, name, error)}
        </p>
      ) : null}
    </div>
  );
}

/** A `FormField` whose control is a text input, or a textarea when `rows` is given. */
export function TextField({
  value,
  onChange,
  rows,
  inputRef,
  placeholder,
  inputMode,
  maxLength,
  ...field
}: Omit<Parameters<typeof FormField>[0], "children"> & {
  value: string;
  onChange(value: string): void;
  rows?: number;
  inputRef?: Ref<HTMLInputElement>;
  placeholder?: string;
  inputMode?: "url";
  maxLength?: number;
}) {
  return (
    <FormField {...field}>
      {(props) =>
        rows ? (
          <textarea
            {...props}
            rows={rows}
            value={value}
            placeholder={placeholder}
            onChange={(event) => onChange(event.target.value)}
            className={INPUT}
          />
        ) : (
          <input
            {...props}
            ref={inputRef}
            type="text"
            inputMode={inputMode}
            maxLength={maxLength}
            value={value}
            placeholder={placeholder}
            onChange={(event) => onChange(event.target.value)}
            className={INPUT}
          />
        )
      }
    </FormField>
  );
}
