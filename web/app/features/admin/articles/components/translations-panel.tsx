import type { AdminArticle } from "@codcrm/core/article/article";
import { LANGUAGES, type Language } from "@codcrm/core/site/languages";
import { useTranslation } from "react-i18next";
import { PlainButton } from "../../shared/components/buttons.tsx";
import { PanelSection } from "./panel-section.tsx";

/**
 * A new translation starts from its source's text, in its own language, unpublished: the
 * administrator rewrites it. What it keeps and what starts empty (its canonical URL, 0117;
 * its search-engine fields, social image and tags, 0155) is said by each field's `translation`,
 * declared by its panel (`lib/form-fields.ts`).
 */
export interface TranslationDraft {
  source: AdminArticle;
  language: Language;
}

/**
 * es / en / pt of the article's translation group: this article, the others published or
 * draft (each opens in the editor), the missing ones with "Traducir al …" once the article
 * is saved (a translation names the saved article it translates).
 */
export function TranslationsPanel({
  article,
  translation,
  language: formLanguage,
  published,
  onEdit,
  onTranslate,
}: {
  article?: AdminArticle;
  translation?: TranslationDraft;
  /** This article's language and state as the form has them. */
  language: Language;
  published: boolean;
  onEdit(id: string): void;
  onTranslate(source: AdminArticle, language: Language): void;
}) {
  const { t } = useTranslation();
  const source = article ?? translation?.source;
  // The group as stored: a saved article's own row is the language it was saved in; a new
  // one's, the language chosen in the form.
  const ownLanguage = article?.language ?? formLanguage;
  const others = source ? [...(article ? [] : [source]), ...source.translations] : [];
  const status = (isPublished: boolean) => (
    <span
      className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${isPublished ? "bg-green-100 text-green-900" : "bg-amber-100 text-amber-900"}`}
    >
      {isPublished ? t("admin.editor.translations.published") : t("admin.editor.translations.draft")}
    </span>
  );
  return (
    <PanelSection title={t("admin.editor.translations.title")} className="text-sm">
      <ul className="mt-2 divide-y divide-slate-100">
        {LANGUAGES.map((language) => {
          const other = others.find((member) => member.language === language);
          const name = t(`admin.languages.${language}`);
          return (
            <li
              key={language}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2"
              data-testid={`translation-${language}`}
            >
              <span className="w-24 font-medium text-slate-900">{name}</span>
              {language === ownLanguage ? (
                <>
                  {status(published)}
                  <span className="text-slate-600">({t("admin.editor.translations.current")})</span>
                </>
              ) : other ? (
                <>
                  {status(other.published)}
                  <PlainButton onClick={() => onEdit(other.id)} className="ml-auto px-3 py-1">
                    {t(`admin.editor.translations.edit.${language}`)}
                  </PlainButton>
                </>
              ) : (
                <>
                  <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
                    {t("admin.editor.translations.missing")}
                  </span>
                  {article ? (
                    <PlainButton onClick={() => onTranslate(article, language)} className="ml-auto px-3 py-1">
                      {t(`admin.editor.translations.translate.${language}`)}
                    </PlainButton>
                  ) : null}
                </>
              )}
            </li>
          );
        })}
      </ul>
      {article ? null : <p className="mt-2 text-xs text-slate-600">{t("admin.editor.translations.saveFirst")}</p>}
    </PanelSection>
  );
}
