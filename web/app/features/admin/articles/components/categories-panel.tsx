import { useContext, useState, useId } from "react";
import { normalizeCategories } from "@codcrm/core/article/article";
import { BUILT_IN_CATEGORIES, isBuiltInCategorySlug, type CategoryNames } from "@codcrm/core/article/categories";
import { useTranslation } from "react-i18next";
import { PlainButton } from "../../shared/components/buttons.tsx";
import { field, type PanelFields, type PanelProps } from "../lib/form-fields.ts";
import { CategoryNamesFields } from "./category-names-fields.tsx";
import { fieldControlId, FieldIdsContext } from "./error-summary.tsx";
import { INPUT } from "./form-field.tsx";
import { RemovableChips } from "./removable-chips.tsx";

/** As the server will store them: `normalizeCategories` (core) decides built-in, id and duplicates. */
export const CATEGORY_FIELDS = {
  categories: field<{ id?: string; name: string; names?: CategoryNames }[]>({
    empty: [],
    fromArticle: (article) => article.categories.map(({ id, name, names }) => ({ id, name, names })),
    translation: "keep",
    label: "admin.editor.fields.categories",
  }),
} satisfies PanelFields;

const isBuiltIn = (category: { id?: string }) => isBuiltInCategorySlug(category.id ?? "");

/**
 * The built-in categories as boxes to tick, and the administrator's own: typed, shown as chips,
 * each with its name per language (docs/decisions/0170-category-names-per-language.md).
 */
export function CategoriesPanel({ values, errors, update, report }: PanelProps) {
  const { t } = useTranslation();
  const ownId = useId();
  const formId = useContext(FieldIdsContext) ?? ownId;
  const [newCategory, setNewCategory] = useState("");
  const customCategories = values.categories.filter((category) => !isBuiltIn(category));

  function toggleBuiltIn(id: string, name: string, checked: boolean) {
    const others = values.categories.filter((category) => category.id !== id);
    update("categories", checked ? [...others, { id, name }] : others);
  }

  /**
   * The server's own rule (`normalizeCategories`) decides what a typed name becomes: a built-in
   * one (by name or slug, so "noticias" ticks 'Noticias'), nothing new when the list has it
   * already, or the administrator's own category with the id the server would give it.
   */
  function addCategory() {
    const name = newCategory.trim();
    if (!name) return;
    if (!normalizeCategories([{ name }]).length) {
      // Nothing of the name makes a URL segment ("!!!"): the server would drop it without a word.
      report("categories", "invalid");
      return;
    }
    update(
      "categories",
      normalizeCategories([...values.categories, { name }]).map(({ id, name, names }) => ({ id, name, names })),
    );
    setNewCategory("");
  }

  return (
    <fieldset aria-describedby={errors.categories ? `${formId}-categories-error` : undefined}>
      <legend className="text-sm font-semibold text-slate-800">{t("admin.editor.fields.categories")}</legend>
      <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
        {BUILT_IN_CATEGORIES.map((category) => (
          <label key={category.id} className="inline-flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              checked={values.categories.some((chosen) => chosen.id === category.id)}
              onChange={(event) => toggleBuiltIn(category.id, category.name, event.target.checked)}
              className="h-4 w-4"
            />
            {category.name}
          </label>
        ))}
      </div>
      {customCategories.length ? (
        <RemovableChips
          className="mt-3 flex flex-wrap gap-2"
          aria-label={t("admin.editor.customCategories")}
          names={customCategories.map((category) => category.name)}
          removeLabel={(name) => t("admin.editor.removeCategory", { name })}
          onRemove={(name) =>
            update(
              "categories",
              values.categories.filter((chosen) => isBuiltIn(chosen) || chosen.name !== name),
            )
          }
        />
      ) : null}
      <CategoryNamesFields
        formId={formId}
        categories={customCategories}
        onNames={(named, names) =>
          update(
            "categories",
            values.categories.map((chosen) => (chosen === named ? { ...chosen, names } : chosen)),
          )
        }
      />
      <div className="mt-3 flex gap-2">
        <label htmlFor={fieldControlId(formId, "categories")} className="sr-only">
          {t("admin.editor.newCategory")}
        </label>
        <input
          id={fieldControlId(formId, "categories")}
          type="text"
          value={newCategory}
          placeholder={t("admin.editor.newCategory")}
          onChange={(event) => setNewCategory(event.target.value)}
          onKeyDown={(event) => {
            // Enter adds the category instead of saving the article.
            if (event.key === "Enter") {
              event.preventDefault();
              addCategory();
            }
          }}
          className={`${INPUT} mt-0 max-w-xs`}
        />
        <PlainButton onClick={addCategory} className="px-3 py-2 text-sm">
          {t("admin.editor.addCategory")}
        </PlainButton>
      </div>
      {errors.categories ? (
        <p id={`${formId}-categories-error`} className="mt-1 text-sm font-medium text-red-700">
          {t(`validation.${errors.categories}`)}
        </p>
      ) : null}
    </fieldset>
  );
}
