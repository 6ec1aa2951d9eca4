import type { ArticleFormValues } from "@codcrm/core/article/article-schema";
import type { CategoryNames } from "@codcrm/core/article/categories";
import { DEFAULT_LANGUAGE, type Language } from "@codcrm/core/site/languages";
import { instantToMadrid, madridToInstant } from "../../../../lib/madrid-time.ts";
import type { ListedArticle } from "../api/articles-api.ts";

/**
 * One field of the editor's form: what an empty form holds, what a stored article gives it,
 * whether a new translation keeps the source's value or starts empty
 * (docs/decisions/0155-translation-seo-fields.md), and its label when the error summary names
 * it (docs/decisions/0153-editor-error-summary.md); no label: it has no control of its own.
 */
interface FormFieldSpec<T> {
  empty: T;
  fromArticle(article: ListedArticle): T;
  translation: "keep" | "clear";
  label?: string;
}

const field = <T>(spec: FormFieldSpec<T>) => spec;
const text = (
  read: (article: ListedArticle) => string | undefined,
  rest: Omit<FormFieldSpec<string>, "empty" | "fromArticle">,
) => field<string>({ empty: "", fromArticle: (article) => read(article) ?? "", ...rest });

/** A field of the search-engine panel: a new translation starts it blank (docs/decisions/0155-translation-seo-fields.md). */
const seoOverride = (read: (article: ListedArticle) => string | undefined, name: string) =>
  text(read, { translation: "clear", label: `admin.editor.seo.${name}` });

/**
 * The editor's fields, each named once, in the form's order (the summary lists problems in
 * it). Form state, field names, the empty form, the form of a stored article and of a new
 * translation all come from here; `toPayload` sends them as the schema takes them. Adding a
 * field: docs/adding-an-article-field.md.
 */
export const FORM_FIELDS = {
  language: field<Language>({
    empty: DEFAULT_LANGUAGE,
    fromArticle: (article) => article.language,
    translation: "keep",
    label: "admin.editor.fields.language",
  }),
  title: text((article) => article.title, { translation: "keep", label: "admin.editor.fields.title" }),
  excerpt: text((article) => article.excerpt, { translation: "keep", label: "admin.editor.fields.excerpt" }),
  content: text((article) => article.content, { translation: "keep", label: "admin.editor.fields.content" }),
  imageUrl: text((article) => article.imageUrl, { translation: "keep", label: "admin.editor.fields.imageUrl" }),
  imageAlt: text((article) => article.imageAlt, { translation: "keep", label: "admin.editor.images.coverAlt" }),
  /** As the server will store them: `normalizeCategories` (core) decides built-in, id and duplicates. */
  categories: field<{ id?: string; name: string; names?: CategoryNames }[]>({
    empty: [],
    fromArticle: (article) => article.categories.map(({ id, name, names }) => ({ id, name, names })),
    translation: "keep",
    label: "admin.editor.fields.categories",
  }),
  author: text((article) => article.author, { translation: "keep", label: "admin.editor.fields.author" }),
  /** Tag names; the server slugs them (`normalizeTags`). */
  tags: field<string[]>({
    empty: [],
    fromArticle: (article) => (article.tags ?? []).map((tag) => tag.name),
    translation: "clear",
    label: "admin.editor.fields.tags",
  }),
  published: field<boolean>({ empty: false, fromArticle: (article) => article.published, translation: "clear" }),
  /**
   * "Publicar el…" on Madrid's clock ("2026-07-01T10:30"), or "": sent as an instant; only a
   * schedule still to come (docs/decisions/0091-scheduling-in-madrid-time.md).
   */
  publishAt: text(
    (article) => (article.status === "scheduled" && article.publishAt ? instantToMadrid(article.publishAt) : undefined),
    { translation: "clear", label: "admin.editor.schedule.label" },
  ),
  // Search-engine overrides as typed, never the derived values: blank means derived
  // (docs/decisions/0077-seo-overrides.md).
  metaTitle: seoOverride((article) => article.metaTitleOverride, "metaTitle"),
  metaDescription: seoOverride((article) => article.metaDescriptionOverride, "metaDescription"),
  socialImageUrl: seoOverride((article) => article.socialImageUrl, "socialImageUrl"),
  /** Where the article was first published (docs/decisions/0117-canonical-url-override.md); blank: its own page. */
  canonicalUrl: seoOverride((article) => article.canonicalUrl, "canonicalUrl"),
};

type Fields = typeof FORM_FIELDS;

export type FormState = { [K in keyof Fields]: Fields[K]["empty"] };

/** A field that can hold a problem: every field but the publish box (the schedule has its own check). */
export type FieldName = Exclude<keyof FormState, "published" | "publishAt">;

const NAMES = Object.keys(FORM_FIELDS) as (keyof Fields)[];

/** A form of each field's `value`: the field list says which fields there are. */
function build(value: (name: keyof Fields) => unknown): FormState {
  return Object.fromEntries(NAMES.map((name) => [name, value(name)])) as FormState;
}

export const EMPTY_FORM: FormState = build((name) => FORM_FIELDS[name].empty);

export function fromArticle(article: ListedArticle | undefined): FormState {
  if (!article) return EMPTY_FORM;
  return build((name) => (FORM_FIELDS[name] as FormFieldSpec<unknown>).fromArticle(article));
}

/** A new translation: the source's text in `language`, what is not to be copied empty, unpublished. */
export function translationForm(source: ListedArticle, language: Language): FormState {
  const copied = fromArticle(source);
  return {
    ...build((name) => (FORM_FIELDS[name].translation === "keep" ? copied[name] : FORM_FIELDS[name].empty)),
    language,
  };
}

/** The labels the error summary names fields by, in the form's order. */
export const FIELD_LABELS = NAMES.flatMap((name): [FieldName | "publishAt", string][] => {
  const label = (FORM_FIELDS[name] as FormFieldSpec<unknown>).label;
  return label && name !== "published" ? [[name, label]] : [];
});

/** The form as the API takes it: the schedule as an ISO instant, only when publishing. */
export function toPayload({ publishAt, ...values }: FormState): ArticleFormValues {
  const instant = values.published && publishAt ? madridToInstant(publishAt) : undefined;
  return { ...values, ...(instant ? { publishAt: instant } : {}) };
}
