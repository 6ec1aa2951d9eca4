import type { ReactNode } from "react";
import { Link } from "react-router";
import { categoryName, type Category } from "@codcrm/core/article/categories";
import type { Language } from "@codcrm/core/site/languages";
import type { Translate } from "@codcrm/core/site/translate";
import { useLanguage } from "../../i18n/language-context.tsx";
import { useTranslation } from "react-i18next";

/* Parts the blog's pages share: texts, the list's frame, a notice in place of an article. */

/** A category's title and intro (the page's head and its heading say the same). */
export function categoryTexts(
  t: Translate,
  language: Language,
  category: Category,
): { title: string; description: string } {
  return {
    title: t("blog.categoryTitle", { category: categoryName(t, language, category) }),
    description: t(`blog.categories.${category.id}.description`),
  };
}

/** The blog's title and intro (the list's head and its heading say the same). */
export function blogTexts(t: Translate): { title: string; description: string } {
  return { title: t("meta.pages.blog.title"), description: t("meta.pages.blog.description") };
}

/** A list page's title and intro: a category's, or the blog's. */
export function listTexts(
  t: Translate,
  language: Language,
  category: Category | undefined,
): { title: string; description: string } {
  return category ? categoryTexts(t, language, category) : blogTexts(t);
}

/** A list page around its list (the blog, a category): its heading and intro. */
export function ListFrame({ category, children }: { category?: Category; children: ReactNode }) {
  const { language } = useLanguage();
  const { t } = useTranslation();
  const { title, description } = listTexts(t, language, category);
  return (
    <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
      <h1 className="text-4xl font-bold tracking-tight text-ink sm:text-5xl">{title}</h1>
      <p className="mt-6 max-w-3xl text-lg text-slate-700">{description}</p>
      {children}
    </div>
  );
}

/** A notice instead of an article, with the way back to the blog. */
export function MessageView({ text }: { text: string }) {
  const { t } = useTranslation();
  const { localize } = useLanguage();
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <p role="status" className="mb-8 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900">
        {text}
      </p>
      <Link className="font-semibold text-brand-700 underline-offset-4 hover:underline" to={localize("/blog")}>
        ← {t("blog.back")}
      </Link>
    </article>
  );
}
