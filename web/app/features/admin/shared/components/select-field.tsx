import { useId } from "react";
import { useTranslation } from "react-i18next";
import { LANGUAGES } from "@codcrm/core/site/languages";
import { Select, type SelectOptions } from "../../../../ui/select-field.tsx";

/** A labelled select of the admin's screens: its options as [value, text], the label above it and holding it. */
export function SelectField<T extends string>({
  label,
  value,
  options,
  onChange,
  className = "",
}: {
  label: string;
  value: T;
  options: SelectOptions<T>;
  onChange(value: T): void;
  className?: string;
}) {
  const id = useId();
  return (
    <label htmlFor={id} className={`flex flex-col text-sm font-semibold text-slate-800 ${className}`}>
      {label}
      <Select
        id={id}
        value={value}
        options={options}
        onChange={onChange}
        className="mt-1 rounded-lg border border-slate-300 px-3 py-2 font-normal"
      />
    </label>
  );
}

/** The site's languages as a select's options, each named in the admin's language. */
export function LanguageOptions() {
  const { t } = useTranslation();
  return LANGUAGES.map((language) => (
    <option key={language} value={language}>
      {t(`admin.languages.${language}`)}
    </option>
  ));
}
