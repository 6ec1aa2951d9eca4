import { isBuiltInCategorySlug, type Category } from "@codcrm/core/article/categories";
import { useTranslation } from "../../i18n/language-context.tsx";

/** Built-in categories have a name in every language; an administrator's own keep theirs. */
export function useCategoryLabel(): (category: Pick<Category, "id" | "name">) => string {
  const { t } = useTranslation();
  return (category) => (isBuiltInCategorySlug(category.id) ? t(`blog.categories.${category.id}.name`) : category.name);
}

/** Where a category's articles are listed: its own page for built-ins, the filtered list otherwise. */
export function categoryPage(category: Pick<Category, "id" | "slug">): string {
  return isBuiltInCategorySlug(category.slug) ? `/blog/${category.slug}` : `/blog?category=${encodeURIComponent(category.id)}`;
}
