import type { InputHTMLAttributes, ReactNode, Ref, TextareaHTMLAttributes } from "react";

/** What a text control may carry besides its value: its name, type, limits, autocomplete, validity and aria attributes. */
export type TextControlAttributes = Omit<
  InputHTMLAttributes<HTMLInputElement> & TextareaHTMLAttributes<HTMLTextAreaElement>,
  "id" | "value" | "onChange" | "rows" | "className" | "ref" | "children"
>;

export interface TextFieldProps {
  /** The control's id, which the label names. */
  id: string;
  label: ReactNode;
  /** The label's look. */
  labelClassName: string;
  /** The label's own id, when something names the field by it. */
  labelId?: string;
  value: string;
  onChange(value: string): void;
  /** A textarea with this many rows instead of a one-line input. */
  rows?: number;
  /** The control's look. */
  className: string;
  control?: TextControlAttributes;
  inputRef?: Ref<HTMLInputElement>;
  /** What follows the control: its hint, notes and error, each with the id the control names. */
  children?: ReactNode;
}

/**
 * The site's one labelled text field: a label, the input (type text unless `control` says
 * otherwise) or a textarea, then what describes it. The contact form
 * (`features/contact/labelled-fields.tsx`) and the article editor
 * (`features/admin/articles/components/form-field.tsx`) give it their look and their messages.
 */
export function TextField({
  id,
  label,
  labelClassName,
  labelId,
  value,
  onChange,
  rows,
  className,
  control = {},
  inputRef,
  children,
}: TextFieldProps) {
  const own = {
    id,
    value,
    className,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  };
  return (
    <div>
      <label htmlFor={id} id={labelId} className={labelClassName}>
        {label}
      </label>
      {rows ? (
        <textarea {...(control as TextareaHTMLAttributes<HTMLTextAreaElement>)} {...own} rows={rows} />
      ) : (
        <input type="text" {...(control as InputHTMLAttributes<HTMLInputElement>)} {...own} ref={inputRef} />
      )}
      {children}
    </div>
  );
}
