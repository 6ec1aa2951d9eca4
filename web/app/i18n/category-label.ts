import { categoryName, type Category } from "@codcrm/core/article/categories";
import { useTranslation } from "./language-context.tsx";

/** Names categories in the page's language (built-ins translated, an administrator's own as given). */
export function useCategoryLabel(): (category: Pick<Category, "id" | "name">) => string {
  const { t } = useTranslation();
  return (category) => categoryName(t, category);
}
