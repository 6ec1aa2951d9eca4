import type { ArticleFormValues } from "@codcrm/core/article/article-schema";
import type { Language } from "@codcrm/core/site/languages";
import { madridToInstant } from "@codcrm/core/site/madrid-time";
import { articleStatus } from "@codcrm/core/article/admin-query";
import { withPendingChanges } from "@codcrm/core/article/pending-changes";
import type { ListedArticle } from "../api/articles-api.ts";
import { CONTENT_FIELDS } from "../components/content-panel.tsx";
import { COVER_FIELDS } from "../components/cover-image-field.tsx";
import { CATEGORY_FIELDS } from "../components/categories-panel.tsx";
import { LABEL_FIELDS } from "../components/labels-fields.tsx";
import { PUBLISHING_FIELDS } from "../components/publishing-panel.tsx";
import { SEO_FIELDS } from "../components/seo-panel.tsx";
import type { AllFields, FieldName, FormFieldName, FormFieldSpec, FormState } from "./form-fields.ts";

export type { FieldErrors, FieldName, FormState } from "./form-fields.ts";

/**
 * Each panel's fields, in the form's order (the error summary lists problems in it). A panel
 * declares its own fields beside its controls; the form is the schema's fields
 * (`FormState`, from core's `articleFormSchema`), and this list must cover every one of them
 * (docs/decisions/0183-editor-panels-from-the-schema.md; the recipe: docs/adding-an-article-field.md).
 */
export const PANEL_FIELDS = [
  CONTENT_FIELDS,
  COVER_FIELDS,
  CATEGORY_FIELDS,
  LABEL_FIELDS,
  PUBLISHING_FIELDS,
  SEO_FIELDS,
];

/**
 * The editor's fields, each named once. Form state, field names, the empty form, the form of a
 * stored article and of a new translation all come from here; `toPayload` sends them as the
 * schema takes them. A field of the schema no panel declares fails to type-check here.
 */
export const FORM_FIELDS = {
  ...CONTENT_FIELDS,
  ...COVER_FIELDS,
  ...CATEGORY_FIELDS,
  ...LABEL_FIELDS,
  ...PUBLISHING_FIELDS,
  ...SEO_FIELDS,
} satisfies AllFields;

const NAMES = Object.keys(FORM_FIELDS) as FormFieldName[];

const spec = (name: FormFieldName) => FORM_FIELDS[name] as FormFieldSpec<unknown>;

/** A form of each field's `value`: the field list says which fields there are. */
function build(value: (name: FormFieldName) => unknown): FormState {
  return Object.fromEntries(NAMES.map((name) => [name, value(name)])) as FormState;
}

export const EMPTY_FORM: FormState = build((name) => spec(name).empty);

export function fromArticle(article: ListedArticle | undefined): FormState {
  if (!article) return EMPTY_FORM;
  return build((name) => spec(name).fromArticle(article));
}

/**
 * What the editor opens a saved article with: its pending changes when a published article has
 * some, else the article (docs/decisions/0451-pending-changes-of-a-published-article.md).
 */
export function fromSaved(article: ListedArticle): FormState {
  if (!article.pending) return fromArticle(article);
  const changed = withPendingChanges(article, article.pending);
  return fromArticle({ ...changed, status: articleStatus(changed, new Date()) });
}

/** A new translation: the source's text in `language`, what is not to be copied empty, unpublished. */
export function translationForm(source: ListedArticle, language: Language): FormState {
  const copied = fromArticle(source);
  return {
    ...build((name) => (spec(name).translation === "keep" ? copied[name] : spec(name).empty)),
    language,
  };
}

/** The labels the error summary names fields by, in the form's order. */
export const FIELD_LABELS = NAMES.flatMap((name): [FieldName, string][] => {
  const label = spec(name).label;
  return label && name !== "published" ? [[name, label]] : [];
});

/** The form as the API takes it: the schedule as an ISO instant, only when publishing. */
export function toPayload({ publishAt, ...values }: FormState): ArticleFormValues {
  const instant = values.published && publishAt ? madridToInstant(publishAt) : undefined;
  return { ...values, ...(instant ? { publishAt: instant } : {}) };
}
