import { Fragment, type ReactNode, type Ref } from "react";
import { TextField } from "../../../../ui/text-field.tsx";
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

/** What a field of the editor says around its control. */
interface FieldDescription {
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
}

const LABEL = "block text-sm font-semibold text-slate-800";

/**
 * A field's parts: its control's id and attributes, its label's text (with `*` when required),
 * and what follows the control: its hint, its notes and its error message, each named by the
 * control's `aria-describedby`.
 */
function useFieldParts({ name, label, error, errorMessage, hint, required, notes = [] }: FieldDescription) {
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
  const control: ControlProps = {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy || undefined,
    "aria-required": required || undefined,
  };
  const labelText = (
    <>
      {label}
      {required ? <span aria-hidden="true"> *</span> : null}
    </>
  );
  const after = (
    <>
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
    </>
  );
  return { id, control, labelText, after };
}

/**
 * The editor's labelled control: its label (with `*` when required), the control, then its
 * hint, its notes and its error message, each named by the control's `aria-describedby`.
 */
export function FormField({
  children,
  labelable = true,
  ...field
}: FieldDescription & {
  children(props: ControlProps): ReactNode;
  /**
   * False when the control is no form element (the Markdown text box, a contenteditable): a
   * `for` label ties nothing to it, so the label only names it, by the id the control's
   * `aria-labelledby` gives.
   */
  labelable?: boolean;
}) {
  const { id, control, labelText, after } = useFieldParts(field);
  return (
    <div>
      <label htmlFor={labelable ? id : undefined} id={fieldLabelId(id)} className={LABEL}>
        {labelText}
      </label>
      {children(control)}
      {after}
    </div>
  );
}

/** The editor's text field: the site's `TextField`, a text input or a textarea when `rows` is given. */
export function EditorTextField({
  value,
  onChange,
  rows,
  inputRef,
  placeholder,
  inputMode,
  maxLength,
  ...field
}: FieldDescription & {
  value: string;
  onChange(value: string): void;
  rows?: number;
  inputRef?: Ref<HTMLInputElement>;
  placeholder?: string;
  inputMode?: "url";
  maxLength?: number;
}) {
  const { id, control, labelText, after } = useFieldParts(field);
  const { id: _id, ...attributes } = control;
  return (
    <TextField
      id={id}
      label={labelText}
      labelId={fieldLabelId(id)}
      labelClassName={LABEL}
      value={value}
      onChange={onChange}
      rows={rows}
      className={INPUT}
      inputRef={inputRef}
      control={{ ...attributes, ...(rows ? {} : { inputMode, maxLength }), placeholder }}
    >
      {after}
    </TextField>
  );
}
