import { CATEGORY_NAME_MAX } from "@codcrm/core/article/article-schema";
import { ownCategoryName, type CategoryNames } from "@codcrm/core/article/categories";
import { LANGUAGES } from "@codcrm/core/site/languages";
import { useTranslation } from "react-i18next";
import { INPUT } from "./form-field.tsx";

interface OwnCategory {
  id?: string;
  name: string;
  names?: CategoryNames;
}

/**
 * The names of the administrator's own categories in each language
 * (docs/decisions/0170-category-names-per-language.md). A language left blank shows the typed
 * name on that language's pages: its box says so, and a marker ("not translated") stands
 * beside it so a missing translation is seen without reading every box.
 */
export function CategoryNamesFields({
  formId,
  categories,
  onNames,
}: {
  formId: string;
  categories: readonly OwnCategory[];
  onNames(category: OwnCategory, names: CategoryNames): void;
}) {
  const { t } = useTranslation();
  if (!categories.length) return null;
  return (
    <div className="mt-3 space-y-3">
      {categories.map((category) => (
        <fieldset key={category.id ?? category.name} className="rounded-lg border border-slate-200 p-3">
          <legend className="px-1 text-sm font-medium text-slate-800">
            {t("admin.editor.categoryNames.legend", { name: category.name })}
          </legend>
          <div className="grid gap-2 sm:grid-cols-3">
            {LANGUAGES.map((language) => {
              const id = `${formId}-category-${category.id ?? category.name}-${language}`;
              const { fallback } = ownCategoryName(category, language);
              return (
                <div key={language}>
                  <label htmlFor={id} className="flex items-center gap-2 text-sm text-slate-800">
                    {t(`admin.languages.${language}`)}
                    {fallback ? (
                      <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">
                        {t("admin.editor.categoryNames.untranslated")}
                      </span>
                    ) : null}
                  </label>
                  <input
                    id={id}
                    type="text"
                    maxLength={CATEGORY_NAME_MAX}
                    value={category.names?.[language] ?? ""}
                    placeholder={category.name}
                    onChange={(event) => onNames(category, { ...category.names, [language]: event.target.value })}
                    className={INPUT}
                  />
                </div>
              );
            })}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
