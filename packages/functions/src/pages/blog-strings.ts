import { formatArticleDate } from "@codcrm/core/article/article-display";
import { categoryName, type Category } from "@codcrm/core/article/categories";
import { PRODUCT_NAME } from "@codcrm/core/brand";
import type { Language } from "@codcrm/core/site/languages";
import { createTranslate } from "@codcrm/core/site/translate";
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

export function blogStrings(language: Language) {
  const t = createTranslate(LOCALES[language]);
  const categories: Record<string, { name: string; description: string }> = LOCALES[language].blog.categories;
  return {
    /** The translator itself, for the app's components the page renders (`@codcrm/web/server-markup`). */
    t,
    blogTitle: t("meta.pages.blog.title"),
    blogDescription: t("meta.pages.blog.description"),
    back: t("blog.back"),
    notFound: t("blog.notFound"),
    noArticles: t("blog.noArticles"),
    feedTitle: t("blog.feedTitle", { product: PRODUCT_NAME }),
    views: (count: number) => t("blog.views", { count }),
    readingTime: (minutes: number) => t("common.readingTime", { minutes }),
    articleDate: (createdAt: string) => formatArticleDate(t, createdAt),
    categoryName: (category: Pick<Category, "id" | "name" | "names">) => categoryName(t, language, category),
    /** A language's name in this page's language ("inglés", "English", "inglês"). */
    languageName: (l: Language) => t(`blog.languages.${l}`),
    inLanguage: (l: Language) => t("blog.inLanguage", { language: t(`blog.languages.${l}`) }),
    onlyAvailableIn: (l: Language) => t("blog.onlyAvailableIn", { language: t(`blog.languages.${l}`) }),
    readOriginal: t("blog.readOriginal"),
    previewBanner: t("blog.previewBanner"),
    categoryPage: (category: Category) => ({
      title: t("blog.categoryTitle", { category: categoryName(t, language, category) }),
      description: categories[category.id]?.description ?? t("meta.pages.blog.description"),
    }),
  };
}
