import type { ArticleSummary, PublicArticle } from "@codcrm/core/article/article";
import { categoryListPath } from "@codcrm/core/article/categories";
import type { Language } from "@codcrm/core/site/languages";
import { escapeHtml as e } from "@codcrm/core/web/html";
import type { blogStrings } from "./blog-strings.ts";

/**
 * Server-side markup of blog content. It mirrors the web app's components
 * (`web/app/features/blog/article-view.tsx`, `article-card.tsx`) class for class, so the
 * page does not change when the app takes over; every value is escaped text.
 */
type Strings = ReturnType<typeof blogStrings>;

/**
 * An article under `language`. When the article is written in another language (and has no
 * translation in this one), the interface stays in `language`, a notice says which language
 * the article exists in and links to its real page, and its title and text carry their own
 * `lang` so screen readers read them with the right voice.
 */
export function articleMarkup(
  article: PublicArticle,
  options: { language: Language; strings: Strings; notFound: boolean },
): string {
  const { language, strings } = options;
  const foreign = article.language !== language;
  const lang = foreign ? ` lang="${article.language}"` : "";
  return [
    '<article class="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">',
    options.notFound
      ? `<p role="status" class="mb-8 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900">${e(strings.notFound)}</p>`
      : "",
    foreign && !options.notFound
      ? `<p role="status" data-testid="language-notice" class="mb-8 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900">${e(strings.onlyAvailableIn(article.language))} <a class="font-semibold underline" hreflang="${article.language}" href="/${article.language}/blog/${e(article.slug)}">${e(strings.readOriginal)}</a></p>`
      : "",
    `<a class="font-semibold text-brand-700 underline-offset-4 hover:underline" href="/${language}/blog">← ${e(strings.back)}</a>`,
    article.imageUrl
      ? `<img src="${e(article.imageUrl)}" alt="" width="1200" height="630" class="mt-8 aspect-[1200/630] w-full rounded-2xl bg-slate-100 object-cover">`
      : "",
    `<h1${lang} class="mt-8 text-4xl font-bold tracking-tight text-ink sm:text-5xl">${e(article.title)}</h1>`,
    '<p class="mt-4 flex flex-wrap gap-x-2 text-sm text-slate-600">',
    `<time dateTime="${e(article.createdAt)}">${e(strings.articleDate(article.createdAt))}</time>`,
    `<span aria-hidden="true">·</span><span>${e(strings.readingTime(article.readingTime))}</span>`,
    `<span aria-hidden="true">·</span><span data-testid="view-count">${e(strings.views(article.viewCount))}</span>`,
    "</p>",
    article.categories.length
      ? `<ul class="mt-4 flex flex-wrap gap-2">${article.categories
          .map(
            (c) =>
              `<li><a class="rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-800 hover:underline" href="${e(`/${language}${categoryListPath(c)}`)}">${e(strings.categoryName(c))}</a></li>`,
          )
          .join("")}</ul>`
      : "",
    // Sanitised when the article was saved (packages/core/src/article/markdown.ts).
    `<div${lang} class="article-content mt-10 text-lg leading-relaxed text-slate-800">${article.contentHtml}</div>`,
    "</article>",
  ].join("");
}

export function noArticlesMarkup(language: Language, strings: Strings): string {
  return [
    '<article class="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">',
    `<p role="status" class="mb-8 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900">${e(strings.noArticles)}</p>`,
    `<a class="font-semibold text-brand-700 underline-offset-4 hover:underline" href="/${language}/blog">← ${e(strings.back)}</a>`,
    "</article>",
  ].join("");
}

/**
 * A category page for crawlers: heading, intro and a link to each of its articles, one per
 * translation group (`oneCardPerGroup`); an article in another language is marked with it,
 * its text carries its `lang` and its link goes to its real page.
 */
export function categoryMarkup(
  articles: readonly ArticleSummary[],
  options: { language: Language; strings: Strings; title: string; description: string },
): string {
  const { language, strings } = options;
  const cards = articles.map((a) => {
    const foreign = a.language !== language;
    const lang = foreign ? ` lang="${a.language}"` : "";
    const marker = foreign
      ? `<p class="text-xs font-semibold text-brand-800">${e(strings.inLanguage(a.language))}</p>`
      : "";
    return `<li class="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">${marker}<h2${lang} class="text-lg font-semibold text-ink"><a href="/${a.language}/blog/${e(a.slug)}">${e(a.title)}</a></h2><p${lang} class="mt-2 text-sm text-slate-700">${e(a.excerpt)}</p><p class="mt-3 text-xs text-slate-600"><time dateTime="${e(a.createdAt)}">${e(strings.articleDate(a.createdAt))}</time> · ${e(strings.readingTime(a.readingTime))}</p></li>`;
  });
  return [
    '<div class="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">',
    `<h1 class="text-4xl font-bold tracking-tight text-ink sm:text-5xl">${e(options.title)}</h1>`,
    `<p class="mt-6 max-w-3xl text-lg text-slate-700">${e(options.description)}</p>`,
    `<ul class="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3">${cards.join("")}</ul>`,
    "</div>",
  ].join("");
}
