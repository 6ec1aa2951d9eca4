import { isBuiltInCategorySlug, type Category } from "@codcrm/core/article/categories";
import { useTranslation } from "../../i18n/language-context.tsx";

/** Built-in categories have a name in every language; an administrator's own keep theirs. */
export function useCategoryLabel(): (category: Pick<Category, "id" | "name">) => string {
  const { t } = useTranslation();
  return (category) => (isBuiltInCategorySlug(category.id) ? t(`blog.categories.${category.id}.name`) : category.name);
}
