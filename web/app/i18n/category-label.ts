import { categoryName, type Category } from "@codcrm/core/article/categories";
import { useTranslation } from "react-i18next";
import { useLanguage } from "./language-context.tsx";

/**
 * Names categories in the page's language: built-ins translated, an administrator's own by
 * their name in that language, else as typed (docs/decisions/0170-category-names-per-language.md).
 */
export function useCategoryLabel(): (category: Pick<Category, "id" | "name" | "names">) => string {
  const { language } = useLanguage();
  const { t } = useTranslation();
  return (category) => categoryName(t, language, category);
}
