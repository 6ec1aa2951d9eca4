/** A select's options, each as `[value, text]`. */
export type SelectOptions<T extends string> = readonly (readonly [T, string])[];

interface SelectProps<T extends string> {
  /** The select's id, which its label names (none where the label holds the select). */
  id?: string;
  /** Its name, when a form sends it. */
  name?: string;
  value: T;
  options: SelectOptions<T>;
  onChange(value: T): void;
  /** The select's look. */
  className: string;
}

/**
 * The site's one select: its `[value, text]` options, answering the value chosen. The blog list
 * (`features/blog/blog-list.tsx`) and the admin's selects (`LabelledSelect` below,
 * `features/admin/shared/components/select-field.tsx`, whose label holds it, the leads' and the
 * staff's) give it their label and their look.
 */
export function Select<T extends string>({ id, name, value, options, onChange, className }: SelectProps<T>) {
  return (
    <select
      id={id}
      name={name}
      value={value}
      onChange={(event) => onChange(event.target.value as T)}
      className={className}
    >
      {options.map(([option, text]) => (
        <option key={option} value={option}>
          {text}
        </option>
      ))}
    </select>
  );
}

export type LabelledSelectProps<T extends string> = SelectProps<T> & {
  id: string;
  label: string;
  /** The label's look ("sr-only" where only screen readers read it). */
  labelClassName: string;
};

/** A label and, after it, the select it names, as `TextField` lays out a text field. */
export function LabelledSelect<T extends string>({ label, labelClassName, ...select }: LabelledSelectProps<T>) {
  return (
    <div>
      <label htmlFor={select.id} className={labelClassName}>
        {label}
      </label>
      <Select {...select} />
    </div>
  );
}
