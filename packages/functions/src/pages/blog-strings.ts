import { categoryName, type Category } from "@codcrm/core/article/categories";
import { PRODUCT_NAME } from "@codcrm/core/brand";
import type { Language } from "@codcrm/core/site/languages";
import { createTranslate } from "@codcrm/core/site/translate";
// Named imports: the bundler keeps only these parts of each locale file.
import { blog as enBlog, meta as enMeta } from "../../../../locales/en.json";
import { blog as esBlog, meta as esMeta } from "../../../../locales/es.json";
import { blog as ptBlog, meta as ptMeta } from "../../../../locales/pt.json";

/** The feed's texts, from the same locale files the web app reads: it says what the blog's pages say. */
const LOCALES = {
  es: { blog: esBlog, meta: esMeta },
  en: { blog: enBlog, meta: enMeta },
  pt: { blog: ptBlog, meta: ptMeta },
} as const;

export function blogStrings(language: Language) {
  const t = createTranslate(LOCALES[language], language);
  return {
    blogDescription: t("meta.pages.blog.description"),
    feedTitle: t("blog.feedTitle", { product: PRODUCT_NAME }),
    categoryName: (category: Pick<Category, "id" | "name" | "names">) => categoryName(t, language, category),
  };
}
