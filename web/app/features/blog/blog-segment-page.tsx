import { lazy, Suspense } from "react";
import { Navigate, redirect, replace, useLoaderData, type ShouldRevalidateFunctionArgs } from "react-router";
import { useTranslation } from "react-i18next";
import { articleHeadInput, articleJsonLd } from "@codcrm/core/article/article-head";
import type { ArticleResult, BlogPageData, PageLoadContext } from "@codcrm/core/article/blog-page-data";
import { BUILT_IN_CATEGORIES } from "@codcrm/core/article/categories";
import { articlePathIn } from "@codcrm/core/article/translations";
import { isLanguage, type Language } from "@codcrm/core/site/languages";
import { site } from "../../config/site.ts";
import type { LanguagePathHandle } from "../../i18n/language-path-handle.ts";
import { useLanguage } from "../../i18n/language-context.tsx";
import { PageHead } from "../../seo/page-head.tsx";
import { useSiteUrl } from "../../seo/site-url.ts";
import { ArticleView } from "./article-view.tsx";
import { MessageView, blogTexts } from "./blog-page-parts.tsx";
import { useCategoryLabel } from "../../i18n/category-label.ts";
import { fetchArticlePage } from "./blog-api.ts";
import { useFeed } from "./use-feed.ts";

// Only category pages list articles: an article's page never downloads the list in the browser.
const ListPage = lazy(() => import("./list-page.tsx").then((module) => ({ default: module.ListPage })));

/**
 * `/{lang}/blog/{segment}` (docs/decisions/0001-blog-url-readings.md): a built-in category's list, or an article
 * by slug, id or former slug, or the first published one under a notice. Rendered on the server by
 * the article page function, which reads the page's data from the store and hands it over
 * (packages/functions/src/pages/react-page.ts); after a navigation in the browser, the route
 * asks the API for the same.
 */
export function loader({ context }: { context: PageLoadContext }): BlogPageData {
  // The page functions hand every blog page its data (packages/functions/src/pages/react-page.ts).
  if (!context.blogPage) throw new Error("A blog page rendered without its data.");
  return context.blogPage;
}

export async function clientLoader({
  params,
  request,
}: {
  params: { lang?: string; segment?: string };
  request: Request;
}): Promise<BlogPageData> {
  const segment = params.segment ?? "";
  const category = BUILT_IN_CATEGORIES.find((c) => c.slug === segment);
  if (category) return { kind: "list", category };
  let result: ArticleResult | undefined;
  try {
    result = await fetchArticlePage(segment, params.lang);
  } catch (error) {
    console.warn("Article unavailable", error);
    return { kind: "failed", segment };
  }
  if (!result) return { kind: "empty", segment };
  // Under a language it has a translation in, the page is that translation (the server answers
  // 301). The URL asked for never stays in history: a navigation (not committed yet) lands on
  // the translation with the page it came from before it.
  const translation = translationIn(result, params.lang);
  if (translation) {
    const target = `/${params.lang}/blog/${encodeURIComponent(translation)}`;
    const current = new URL(request.url).pathname === window.location.pathname;
    throw current ? replace(target) : redirect(target);
  }
  return { kind: "article", segment, result };
}

/** The slug of the article's published translation in `language`, when it is shown under a language it is not in. */
function translationIn({ article, matchedBy }: ArticleResult, language: string | undefined): string | undefined {
  if (matchedBy === "fallback" || !isLanguage(language) || article.language === language) return undefined;
  return article.translations.find((t) => t.language === language)?.slug;
}

/**
 * The language selector on an article: its translation in that language, else the same article
 * under that prefix (the notice page), never the home page. Other pages keep their path.
 */
export const handle: LanguagePathHandle = {
  pathIn(data, language: Language) {
    const page = data as BlogPageData | undefined;
    if (page?.kind !== "article" || page.result.matchedBy === "fallback") return undefined;
    return articlePathIn(page.result.article, language);
  },
  languages(data) {
    const page = data as BlogPageData | undefined;
    if (page?.kind !== "article" || page.result.matchedBy === "fallback") return undefined;
    const { article } = page.result;
    return [article.language, ...article.translations.map((translation) => translation.language)];
  },
};

/** Another article is another opening; a language switch or a re-render is not. */
export function shouldRevalidate({ currentParams, nextParams, currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  return (
    currentParams.segment !== nextParams.segment ||
    (currentUrl.href === nextUrl.href && currentParams.lang === nextParams.lang)
  );
}

function ArticlePage({ segment, result, preview }: { segment: string; result: ArticleResult; preview?: boolean }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const categoryName = useCategoryLabel();
  const feed = useFeed();
  const notFound = result.matchedBy === "fallback";
  // The fallback article stands in for a page that does not exist: nobody opened it, so the page
  // names no article for the beacon to count (docs/decisions/0400-first-party-page-views.md).
  const counted = !notFound && !preview;
  // Under another language (the notice page) the head is noindex: the structured data is on the real page.
  const ownPage = result.article.language === language;
  const base = { siteUrl: useSiteUrl(), productName: site.productName, language };
  const {
    siteUrl: _s,
    productName: _p,
    language: _l,
    ...head
  } = articleHeadInput(result.article, { ...base, segment, notFound, feed });
  return (
    <>
      <PageHead {...head} {...(preview ? { noindex: true, canonicalPage: undefined, feed: undefined } : {})} />
      {preview ? (
        <p
          role="status"
          data-testid="preview-banner"
          className="mx-auto mt-6 max-w-3xl rounded-lg border border-amber-300 bg-amber-50 p-4 font-semibold text-amber-900"
        >
          {t("blog.previewBanner")}
        </p>
      ) : null}
      {notFound || !ownPage || preview ? null : (
        <script
          type="application/ld+json"
          dangerouslySetInnerHTML={{
            __html: JSON.stringify(articleJsonLd(result.article, { ...base, categoryName })).replaceAll("<", "\\u003c"),
          }}
        />
      )}
      <ArticleView key={result.article.id} article={result.article} notFound={notFound} counted={counted} />
    </>
  );
}

function Message({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHead page="/blog" {...blogTexts(t)} noindex />
      <MessageView text={text} />
    </>
  );
}

export default function BlogSegmentPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const data = useLoaderData<typeof clientLoader>();
  switch (data.kind) {
    case "list":
      return (
        <Suspense>
          <ListPage category={data.category} firstPage={data.firstPage} />
        </Suspense>
      );
    case "article": {
      // A switch of prefix alone keeps the loader's data (shouldRevalidate): the translation still wins.
      const translation = translationIn(data.result, language);
      if (translation) return <Navigate replace to={`/${language}/blog/${encodeURIComponent(translation)}`} />;
      return <ArticlePage segment={data.segment} result={data.result} preview={data.preview} />;
    }
    case "empty":
      return <Message text={t("blog.noArticles")} />;
    case "failed":
      return <Message text={t("blog.articleFailed")} />;
  }
}
