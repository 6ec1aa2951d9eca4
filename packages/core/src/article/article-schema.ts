// Zod Mini: the functions that save an article parse with it alone, about 65 KB lighter than
// classic zod; the editor validates its form with the same schema.
import * as z from "zod/mini";
import { LANGUAGES } from "../site/languages.ts";
import { plainText } from "../text-field.ts";
import { isHttpUrl } from "../validation.ts";
import { isSocialImageUrl, normalSocialImageUrl } from "./social-image.ts";
import { isSafeMediaPath } from "../media/media-rules.ts";
import { CANONICAL_URL_MAX, isCanonicalUrl } from "./canonical-url.ts";

export const TITLE_MAX = 200;
export const EXCERPT_MAX = 1000;
export const CONTENT_MAX = 60_000;
export const CATEGORIES_MAX = 10;
export const AUTHOR_MAX = 80;
export const TAGS_MAX = 10;
export const TAG_MAX = 60;
/** Search engines cut longer titles and descriptions: the editor warns past these, it never refuses. */
export const META_TITLE_ADVISED = 60;
export const META_DESCRIPTION_ADVISED = 160;

export const CATEGORY_NAME_MAX = 60;

/** Trimmed text of 1 to `max` characters. */
const requiredText = (max: number) =>
  plainText().check(z.trim(), z.minLength(1, "required"), z.maxLength(max, "too_long"));

/** Trimmed text of at most `max` characters, or absent. */
const optionalText = (max: number) => z.optional(plainText().check(z.trim(), z.maxLength(max, "too_long")));

/** Trimmed text of at most `max` characters; blank: not given (`undefined`). */
const blankIsNone = (max: number) =>
  z.optional(
    z.pipe(
      plainText().check(z.trim(), z.maxLength(max, "too_long")),
      z.transform((value: string) => value || undefined),
    ),
  );

/**
 * A trimmed address of at most `max` characters that `valid` accepts (else `code`), stored as
 * `normal` makes it; blank: not given.
 */
const blankOrAddress = (
  max: number,
  valid: (value: string) => boolean,
  code: string,
  normal: (value: string) => string,
) =>
  z.optional(
    z.pipe(
      plainText().check(
        z.trim(),
        z.maxLength(max, "too_long"),
        z.refine((value) => value === "" || valid(value), code),
      ),
      z.transform((value: string) => (value ? normal(value) : undefined)),
    ),
  );

/** A category's name in one language; blank: not given (the typed name stands in). */
const categoryNameInLanguage = blankIsNone(CATEGORY_NAME_MAX);

const categoryInputSchema = z.object({
  id: optionalText(80),
  name: requiredText(CATEGORY_NAME_MAX),
  /**
   * An administrator's own category's name per language, beside the typed one; ignored for
   * built-ins, which the locale files name (docs/decisions/0170-category-names-per-language.md).
   */
  names: z.optional(
    z.strictObject(
      Object.fromEntries(LANGUAGES.map((language) => [language, categoryNameInLanguage])) as {
        [L in (typeof LANGUAGES)[number]]: typeof categoryNameInLanguage;
      },
    ),
  ),
});

/**
 * What an administrator sends for an article. The API validates bodies with it and the
 * editor validates its form with `articleFormSchema`, which only tightens `excerpt`.
 * Derived fields (slug, meta fields, reading time, dates) are never accepted from outside.
 * Text refuses C0 control characters but tab and line break (`\r\n` becomes `\n`); the image
 * URL is stored in its normal form (`new URL(x).href`).
 */
export const articleInputSchema = z.object({
  title: requiredText(TITLE_MAX),
  excerpt: optionalText(EXCERPT_MAX),
  content: requiredText(CONTENT_MAX),
  // An uploaded image is named by its path on the site (`/media/…`), any other by its full URL.
  imageUrl: blankOrAddress(
    2000,
    (value) => isHttpUrl(value) || isSafeMediaPath(value),
    "invalid_url",
    (value) => (isSafeMediaPath(value) ? value : new URL(value).href),
  ),
  /**
   * The cover's text alternative; required to publish an article with a cover
   * (`imageAltErrors`, docs/decisions/0071-image-alt-text.md).
   */
  imageAlt: optionalText(300),
  categories: z._default(z.array(categoryInputSchema).check(z.maxLength(CATEGORIES_MAX, "too_many")), []),
  published: z._default(z.boolean(), false),
  /** The language the text is written in (docs/decisions/0050-multilingual-articles.md). */
  language: z._default(z.enum(LANGUAGES, { error: "invalid" }), "es"),
  /**
   * On create only: the id of an article (any state) whose translation group the new one
   * joins, i.e. "this is a translation of that article". Clients name the article they
   * translate, never a group id: groups stay an internal detail. Ignored on update, where
   * an article keeps its group; a group holds one article per language (409 `language`).
   */
  translationOf: z.optional(z.string().check(z.trim(), z.minLength(1, "required"), z.maxLength(80, "too_long"))),
  /** Shown beside the date; blank: the configured administrator name (docs/decisions/0075-article-labels.md). */
  author: blankIsNone(AUTHOR_MAX),
  /** Free tags by name; each gets a slug (`normalizeTags`), repeats by slug are dropped. */
  tags: z.optional(z.array(requiredText(TAG_MAX)).check(z.maxLength(TAGS_MAX, "too_many"))),
  /** Search-engine overrides: blank means the derived value (docs/decisions/0077-seo-overrides.md). */
  metaTitle: blankIsNone(TITLE_MAX),
  metaDescription: blankIsNone(EXCERPT_MAX),
  socialImageUrl: blankOrAddress(2000, isSocialImageUrl, "invalid_image_url", normalSocialImageUrl),
  /**
   * Where the article was first published, for its page's `rel="canonical"`: an absolute
   * http(s) URL stored in its normal form; blank means the article's own page
   * (docs/decisions/0117-canonical-url-override.md).
   */
  canonicalUrl: blankOrAddress(CANONICAL_URL_MAX, isCanonicalUrl, "invalid_url", (value) => new URL(value).href),
  /**
   * When a published article shows on the site: an instant with its offset (or Z), stored as
   * `toISOString()`; blank or absent publishes on saving. One in the past is refused by the
   * article service, which knows the time (docs/decisions/0089-scheduled-publishing.md).
   */
  publishAt: z.optional(
    z.pipe(
      z.union([z.literal(""), z.iso.datetime({ offset: true, error: "invalid" })], { error: "invalid" }),
      z.transform((value: string) => (value ? new Date(value).toISOString() : undefined)),
    ),
  ),
});

/** The editor requires an excerpt; an article that reaches the API without one gets the default. */
export const articleFormSchema = z.extend(articleInputSchema, {
  excerpt: requiredText(EXCERPT_MAX),
});

/** An edit names the version it was based on, so a stale edit is refused instead of overwriting. */
export const articleUpdateSchema = z.extend(articleInputSchema, {
  version: z.number().check(z.int(), z.positive()),
  /**
   * The revision of the article's pending changes the edit was based on, 0 when it had none
   * (docs/decisions/0451-pending-changes-of-a-published-article.md): the save replaces them, and
   * is refused (409) when the stored ones are another revision. Absent: the edit leaves them be.
   */
  pendingRevision: z.optional(z.number().check(z.int(), z.minimum(0))),
});

/**
 * Edits of a published article kept as pending changes until "Actualizar": the form's values,
 * the article version they were based on and the revision of the pending changes they replace
 * (0 or absent: there were none).
 */
export const pendingChangesSchema = articleUpdateSchema;
export type PendingChangesSave = z.output<typeof pendingChangesSchema>;

export type ArticleInput = z.output<typeof articleInputSchema>;
export type ArticleUpdate = z.output<typeof articleUpdateSchema>;
export type ArticleFormValues = z.input<typeof articleFormSchema>;
