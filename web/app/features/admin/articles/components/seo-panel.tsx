import { useId } from "react";
import { META_DESCRIPTION_ADVISED, META_TITLE_ADVISED } from "@codcrm/core/article/article-schema";
import { metaTitle } from "@codcrm/core/article/derive";
import { articleDescription } from "@codcrm/core/article/description";
import { baseSlugForTitle } from "@codcrm/core/article/slug";
import { useTranslation } from "react-i18next";
import type { ListedArticle } from "../api/articles-api.ts";
import { bindText, text, type PanelFields, type PanelProps } from "../lib/form-fields.ts";
import { EditorTextField, type FieldNote } from "./form-field.tsx";

/** A field of the search-engine panel: a new translation starts it blank (docs/decisions/0155-translation-seo-fields.md). */
const seoOverride = (read: (article: ListedArticle) => string | undefined, name: string) =>
  text(read, { translation: "clear", label: `admin.editor.seo.${name}` });

/**
 * Search-engine overrides as typed, never the derived values: blank means derived
 * (docs/decisions/0077-seo-overrides.md).
 */
export const SEO_FIELDS = {
  metaTitle: seoOverride((article) => article.metaTitleOverride, "metaTitle"),
  metaDescription: seoOverride((article) => article.metaDescriptionOverride, "metaDescription"),
  socialImageUrl: seoOverride((article) => article.socialImageUrl, "socialImageUrl"),
  /** Where the article was first published (docs/decisions/0117-canonical-url-override.md); blank: its own page. */
  canonicalUrl: seoOverride((article) => article.canonicalUrl, "canonicalUrl"),
} satisfies PanelFields;

/**
 * Search-engine overrides with what they produce (docs/decisions/0077-seo-overrides.md): each
 * field blank shows the value derived from the title and excerpt, as the server will derive
 * it; a Google result and a shared-link card preview the effective values as they are typed.
 * Past 60 (title) or 160 (description) characters the panel warns; it never refuses. The
 * canonical URL names where the article was first published (docs/decisions/0117-canonical-url-override.md).
 */
export function SeoPanel(panel: PanelProps) {
  const { values } = panel;
  const { title, excerpt, content, imageUrl, language } = values;
  const { t } = useTranslation();
  const headingId = useId();
  const derivedTitle = metaTitle(title.trim());
  // The excerpt as plain text, cut to fit: what the server will publish (description.ts), so
  // the counter counts the default too and never warns about it.
  const derivedDescription = articleDescription({ excerpt, content });
  const effectiveTitle = values.metaTitle.trim() || derivedTitle;
  const effectiveDescription = values.metaDescription.trim() || derivedDescription;
  const image = values.socialImageUrl.trim() || imageUrl.trim();
  const host = typeof window === "undefined" ? "" : window.location.host;
  const path = `/${language}/blog/${baseSlugForTitle(title.trim())}`;

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 p-4" data-testid="seo-panel">
      <h3 id={headingId} className="font-semibold text-ink">
        {t("admin.editor.seo.title")}
      </h3>
      <p className="mt-1 text-xs text-slate-600">{t("admin.editor.seo.intro")}</p>
      <div className="mt-4 grid gap-5 lg:grid-cols-2">
        <div className="space-y-4">
          <EditorTextField
            {...bindText(panel, "metaTitle")}
            label={t("admin.editor.seo.metaTitle")}
            notes={lengthNotes([...effectiveTitle].length, META_TITLE_ADVISED, "titleTooLong", t)}
            placeholder={derivedTitle}
          />
          <EditorTextField
            {...bindText(panel, "metaDescription")}
            label={t("admin.editor.seo.metaDescription")}
            notes={lengthNotes([...effectiveDescription].length, META_DESCRIPTION_ADVISED, "descriptionTooLong", t)}
            rows={3}
            placeholder={derivedDescription}
          />
          <EditorTextField
            {...bindText(panel, "socialImageUrl")}
            label={t("admin.editor.seo.socialImageUrl")}
            hint={t("admin.editor.seo.socialImageHint")}
            inputMode="url"
          />
          <EditorTextField
            {...bindText(panel, "canonicalUrl")}
            label={t("admin.editor.seo.canonicalUrl")}
            hint={t("admin.editor.seo.canonicalUrlHint")}
            inputMode="url"
          />
        </div>
        <div className="space-y-4">
          <figure>
            <figcaption className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
              {t("admin.editor.seo.googlePreview")}
            </figcaption>
            <div className="mt-2 rounded-lg border border-slate-200 bg-white p-4" data-testid="google-preview">
              <p className="truncate text-xs text-slate-700" data-testid="google-preview-url">
                {host}
                {path}
              </p>
              <p className="mt-1 line-clamp-1 text-lg text-[#1a0dab]" data-testid="google-preview-title">
                {effectiveTitle}
              </p>
              <p className="mt-1 line-clamp-2 text-sm text-slate-700" data-testid="google-preview-description">
                {effectiveDescription || "—"}
              </p>
            </div>
          </figure>
          <figure>
            <figcaption className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
              {t("admin.editor.seo.socialPreview")}
            </figcaption>
            <div
              className="mt-2 overflow-hidden rounded-lg border border-slate-200 bg-white"
              data-testid="social-preview"
            >
              {image ? (
                <img src={image} alt="" className="aspect-[1200/630] w-full bg-slate-100 object-cover" />
              ) : (
                <div className="flex aspect-[1200/630] w-full items-center justify-center bg-slate-100 text-sm text-slate-600">
                  {t("admin.editor.seo.noImage")}
                </div>
              )}
              <div className="border-t border-slate-200 p-3">
                <p className="text-xs text-slate-600 uppercase">{host}</p>
                <p className="mt-1 line-clamp-2 font-semibold text-slate-900" data-testid="social-preview-title">
                  {effectiveTitle}
                </p>
                <p className="mt-1 line-clamp-2 text-sm text-slate-700">{effectiveDescription}</p>
              </div>
            </div>
          </figure>
        </div>
      </div>
    </section>
  );
}

/** The advised length and what has been typed: a counter, and past the advice a warning (never an error). */
function lengthNotes(
  count: number,
  max: number,
  warning: "titleTooLong" | "descriptionTooLong",
  t: ReturnType<typeof useTranslation>["t"],
): FieldNote[] {
  const over = count > max;
  const notes: FieldNote[] = [
    {
      name: "count",
      render: (id) => (
        <p
          id={id}
          className={`mt-1 text-xs ${over ? "font-semibold text-amber-800" : "text-slate-600"}`}
          data-testid="seo-count"
        >
          {t("admin.editor.seo.count", { count, max })}
        </p>
      ),
    },
  ];
  if (over)
    notes.push({
      name: "warning",
      render: (id) => (
        <p id={id} role="status" className="mt-1 text-xs font-medium text-amber-800" data-testid="seo-warning">
          {t(`admin.editor.seo.${warning}`, { max })}
        </p>
      ),
    });
  return notes;
}
