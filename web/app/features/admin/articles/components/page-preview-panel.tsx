import { useMemo } from "react";
import { metaTitle, readingTime } from "@codcrm/core/article/derive";
import { articleDescription } from "@codcrm/core/article/description";
import { baseSlugForTitle } from "@codcrm/core/article/slug";
import { useTranslation } from "react-i18next";
import type { FormState } from "../lib/form-fields.ts";
import { PanelSection } from "./panel-section.tsx";

/**
 * What the server will derive from the form, as it is typed: the page's address, its title and
 * description for search engines (the overrides when given) and its reading time.
 */
export function PagePreviewPanel({ values }: { values: FormState }) {
  const { t } = useTranslation();
  const preview = useMemo(
    () => ({
      slug: baseSlugForTitle(values.title.trim()),
      metaTitle: metaTitle(values.title.trim()),
      metaDescription: articleDescription({ excerpt: values.excerpt, content: values.content }),
      readingTime: readingTime(values.content.trim()),
    }),
    [values.title, values.content, values.excerpt],
  );
  return (
    <PanelSection title={t("admin.editor.preview.title")} className="bg-slate-50 text-sm">
      <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-600">{t("admin.editor.preview.url")}</dt>
        <dd
          data-testid="preview-slug"
          className="break-all text-slate-900"
        >{`/${values.language}/blog/${preview.slug}`}</dd>
        <dt className="text-slate-600">{t("admin.editor.preview.metaTitle")}</dt>
        <dd data-testid="preview-meta-title" className="text-slate-900">
          {values.metaTitle.trim() || preview.metaTitle}
        </dd>
        <dt className="text-slate-600">{t("admin.editor.preview.metaDescription")}</dt>
        <dd data-testid="preview-meta-description" className="text-slate-900">
          {values.metaDescription.trim() || preview.metaDescription || "—"}
        </dd>
        <dt className="text-slate-600">{t("admin.editor.preview.readingTime")}</dt>
        <dd data-testid="preview-reading-time" className="text-slate-900">
          {t("common.readingTime", { minutes: preview.readingTime })}
        </dd>
      </dl>
      <p className="mt-2 text-xs text-slate-600">{t("admin.editor.preview.slugNote")}</p>
    </PanelSection>
  );
}
