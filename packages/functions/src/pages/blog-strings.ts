import type { Category } from "@codcrm/core/article/categories";
import { PRODUCT_NAME } from "@codcrm/core/brand";
import type { Language } from "@codcrm/core/site/languages";
// Named imports: the bundler keeps only these parts of each locale file.
import { blog as enBlog, common as enCommon, meta as enMeta } from "../../../../locales/en.json";
import { blog as esBlog, common as esCommon, meta as esMeta } from "../../../../locales/es.json";
import { blog as ptBlog, common as ptCommon, meta as ptMeta } from "../../../../locales/pt.json";

/**
 * The texts of server-rendered blog pages, from the same locale files the web app reads, so
 * the HTML a crawler gets says what the page says once it runs.
 */
const LOCALES = {
  es: { blog: esBlog, common: esCommon, meta: esMeta },
  en: { blog: enBlog, common: enCommon, meta: enMeta },
  pt: { blog: ptBlog, common: ptCommon, meta: ptMeta },
} as const;

type BlogStrings = typeof esBlog;

function interpolate(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
}

export function blogStrings(language: Language) {
  const strings: BlogStrings = LOCALES[language].blog;
  const common = LOCALES[language].common;
  const meta = LOCALES[language].meta.pages.blog;
  return {
    blogTitle: meta.title,
    blogDescription: meta.description,
    back: strings.back,
    notFound: strings.notFound,
    noArticles: strings.noArticles,
    feedTitle: interpolate(strings.feedTitle, { product: PRODUCT_NAME }),
    views: (count: number) => interpolate(strings.views, { count }),
    readingTime: (minutes: number) => interpolate(common.readingTime, { minutes }),
    categoryName: (category: Category) =>
      (strings.categories as Record<string, { name: string; description: string } | undefined>)[category.id]?.name ?? category.name,
    categoryPage: (category: Category) => {
      const builtIn = (strings.categories as Record<string, { name: string; description: string } | undefined>)[category.id];
      const name = builtIn?.name ?? category.name;
      return { title: interpolate(strings.categoryTitle, { category: name }), description: builtIn?.description ?? meta.description };
    },
  };
}
