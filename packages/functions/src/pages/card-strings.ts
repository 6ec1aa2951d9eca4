import type { Language } from "@codcrm/core/site/languages";
import { createTranslate, type Translate } from "@codcrm/core/site/translate";
// Named imports: the bundler keeps only these parts of each locale file.
import { blog as enBlog, socialCard as enCard } from "../../../../locales/en.json";
import { blog as esBlog, socialCard as esCard } from "../../../../locales/es.json";
import { blog as ptBlog, socialCard as ptCard } from "../../../../locales/pt.json";

const LOCALES = {
  es: { blog: { categories: esBlog.categories }, socialCard: esCard },
  en: { blog: { categories: enBlog.categories }, socialCard: enCard },
  pt: { blog: { categories: ptBlog.categories }, socialCard: ptCard },
} as const;

/** What an article's social card says in its language: its category's name, the byline, the section. */
export function cardStrings(language: Language): Translate {
  return createTranslate(LOCALES[language], language);
}
