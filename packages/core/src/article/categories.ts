import type { Language } from "../site/languages.ts";
import type { Translate } from "../site/translate.ts";

/** An administrator's own category's name in each language they gave one (docs/decisions/0170-category-names-per-language.md). */
export type CategoryNames = Partial<Record<Language, string>>;

export interface Category {
  id: string;
  /** The name as typed when the category was created: every language's fallback. */
  name: string;
  slug: string;
  /** Names per language, administrator's own categories only; stored before they existed: absent. */
  names?: CategoryNames;
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
 * An administrator's own category's name in `language`: the name given for that language, else
 * the typed name, with `fallback` saying so (the admin marks it "not translated").
 */
export function ownCategoryName(
  category: Pick<Category, "name" | "names">,
  language: Language,
): { text: string; fallback: boolean } {
  const given = category.names?.[language];
  return given ? { text: given, fallback: false } : { text: category.name, fallback: true };
}

/**
 * A category's name in a page's language: built-ins are named by the locale files
 * (`blog.categories.{id}.name`), an administrator's own by the name given for that language,
 * else the typed name (docs/decisions/0170-category-names-per-language.md).
 */
export function categoryName(
  t: Translate,
  language: Language,
  category: Pick<Category, "id" | "name" | "names">,
): string {
  return isBuiltInCategorySlug(category.id)
    ? t(`blog.categories.${category.id}.name`)
    : ownCategoryName(category, language).text;
}

/**
 * One category as several articles carry it: each article keeps its own copy, so the names
 * per language come from the first copy that has one (lists are newest first).
 */
export function mergeCategoryNames(first: Category, other: Category): Category {
  if (!other.names) return first;
  const names = { ...other.names, ...first.names };
  return { ...first, names };
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
