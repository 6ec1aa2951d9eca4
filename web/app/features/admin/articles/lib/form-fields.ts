import type { ArticleFormValues } from "@codcrm/core/article/article-schema";
import type { ListedArticle } from "../api/articles-api.ts";

/**
 * What the save names by itself, never a control: a new translation's source (`translationOf`,
 * added by the editor's save flow).
 */
type NotInForm = "translationOf";

/**
 * The editor's form: one value per field of core's article schema (`articleFormSchema`, the one
 * the API validates bodies with), none missing, each of the type the schema takes (blank text is
 * "", as typed; the schema turns it into none). A field added to the schema is a field of the
 * form; until a panel declares it, `FORM_FIELDS` does not type-check
 * (docs/decisions/0183-editor-panels-from-the-schema.md).
 */
export type FormState = {
  [K in Exclude<keyof ArticleFormValues, NotInForm>]-?: NonNullable<ArticleFormValues[K]>;
};

export type FormFieldName = keyof FormState;

/** A field that can hold a problem: every field but the publish box. */
export type FieldName = Exclude<FormFieldName, "published">;

/** Each field's problem, as a validation code (`validation.{code}`, or the field's own message). */
export type FieldErrors = Partial<Record<FieldName, string>>;

/**
 * One field of the form as its panel declares it: what an empty form holds, what a stored
 * article gives it, whether a new translation keeps the source's value or starts empty
 * (docs/decisions/0155-translation-seo-fields.md), and its label when the error summary names
 * it (docs/decisions/0153-editor-error-summary.md); no label: it has no control of its own.
 */
export interface FormFieldSpec<T> {
  empty: T;
  fromArticle(article: ListedArticle): T;
  translation: "keep" | "clear";
  label?: string;
}

/** A panel's fields, in the order its controls show: each one a field of the schema, of its type. */
export type PanelFields = { [K in FormFieldName]?: FormFieldSpec<FormState[K]> };

/** Every field of the schema with its spec: what the panels declare together. */
export type AllFields = { [K in FormFieldName]: FormFieldSpec<FormState[K]> };

export const field = <T>(spec: FormFieldSpec<T>) => spec;

/** A text field: empty "", a stored article's value or "". */
export const text = (
  read: (article: ListedArticle) => string | undefined,
  rest: Omit<FormFieldSpec<string>, "empty" | "fromArticle">,
) => field<string>({ empty: "", fromArticle: (article) => read(article) ?? "", ...rest });

/**
 * What every panel of the editor gets: the whole form, its problems, and one way to change a
 * field and to name a problem. A field added to a panel needs nothing more from the editor.
 */
export interface PanelProps {
  values: FormState;
  errors: FieldErrors;
  /** Sets a field; a problem it had is gone (the administrator is correcting it). */
  update<K extends FormFieldName>(name: K, value: FormState[K]): void;
  /** Names a field's problem found by the panel itself (a category name that makes no URL), or clears it. */
  report(name: FieldName, code: string | undefined): void;
}

/** The fields typed as free text (a text input or a textarea). */
export type TextFieldName = { [K in FieldName]: string extends FormState[K] ? K : never }[FieldName];

/** What a text control takes from the form for one field: its name, value and problem, and how a change sets it. */
export interface TextBinding {
  name: TextFieldName;
  value: string;
  error?: string;
  onChange(value: string): void;
}

/**
 * A text field of a panel tied to the form: the name its control is known by (the error
 * summary links to it), so that name, value, problem and update cannot name different fields.
 */
export function bindText({ values, errors, update }: PanelProps, name: TextFieldName): TextBinding {
  return { name, value: values[name], error: errors[name], onChange: (value) => update(name, value) };
}
