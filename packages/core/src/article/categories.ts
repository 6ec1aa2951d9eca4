import type { Translate } from "../site/translate.ts";

export interface Category {
  id: string;
  name: string;
  slug: string;
}

/**
 * The five categories every article can use. Their ids are their slugs and also the
 * `/blog/{category}` URL segments; names here are the Spanish ones stored with the article,
 * the web app translates built-ins by id.
 */
export const BUILT_IN_CATEGORIES: readonly Category[] = [
  { id: "gestion-pedidos", slug: "gestion-pedidos", name: "Gestión de pedidos" },
  { id: "automatizacion", slug: "automatizacion", name: "Automatización" },
  { id: "integraciones", slug: "integraciones", name: "Integraciones" },
  { id: "tutoriales", slug: "tutoriales", name: "Tutoriales" },
  { id: "noticias", slug: "noticias", name: "Noticias" },
];

export const BUILT_IN_CATEGORY_SLUGS: readonly string[] = BUILT_IN_CATEGORIES.map((c) => c.slug);

export function isBuiltInCategorySlug(segment: string): boolean {
  return BUILT_IN_CATEGORY_SLUGS.includes(segment);
}

/**
 * A category's name in a page's language: built-ins are named by the locale files
 * (`blog.categories.{id}.name`), an administrator's own keep the name they were given.
 */
export function categoryName(t: Translate, category: Pick<Category, "id" | "name">): string {
  return isBuiltInCategorySlug(category.id) ? t(`blog.categories.${category.id}.name`) : category.name;
}

/**
 * Where a category's articles are listed, without the language prefix: a built-in's own page
 * (`/blog/{slug}`), the filtered list for an administrator's own. The server's markup and the
 * web app both link here.
 */
export function categoryListPath(category: Pick<Category, "id" | "slug">): string {
  return isBuiltInCategorySlug(category.slug)
    ? `/blog/${category.slug}`
    : `/blog?category=${encodeURIComponent(category.id)}`;
}
