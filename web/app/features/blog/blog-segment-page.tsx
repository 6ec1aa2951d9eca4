import { useLayoutEffect } from "react";
import { Navigate, redirect, replace, useLoaderData, type ShouldRevalidateFunctionArgs } from "react-router";
import { articleHeadInput, articleJsonLd } from "@codcrm/core/article/article-head";
import { BUILT_IN_CATEGORIES, type Category } from "@codcrm/core/article/categories";
import { articlePathIn } from "@codcrm/core/article/translations";
import type { ServerListPage } from "./blog-list.tsx";
import { isLanguage, type Language } from "@codcrm/core/site/languages";
import { site } from "../../config/site.ts";
import type { LanguagePathHandle } from "../../i18n/language-path-handle.ts";
import { useLanguage, useTranslation } from "../../i18n/language-context.tsx";
import { PageHead } from "../../seo/page-head.tsx";
import { ArticleView } from "./article-view.tsx";
import { MessageView, blogTexts } from "./blog-page-parts.tsx";
import { useCategoryLabel } from "../../i18n/category-label.ts";
import { fetchArticlePage, recordView, type ArticleResult } from "./blog-api.ts";
import { removeServerContent, takeServerPageData } from "./server-page.ts";
import { useFeed } from "./use-feed.ts";

// Only category pages list articles: an article's page never downloads the list. The loader
// loads it before the page renders, so the list renders with the page, never suspended: the
// server's copy goes in the same frame as the list comes, and the list reads what was typed
// into the copy's search box before it goes (blog-list.tsx).
let listModule: typeof import("./list-page.tsx") | undefined;
const loadListPage = async () => (listModule ??= await import("./list-page.tsx"));

type PageData =
  | { kind: "category"; category: Category; firstPage?: ServerListPage }
  | { kind: "article"; segment: string; result: ArticleResult; views: Promise<number | undefined> }
  | { kind: "empty"; segment: string }
  | { kind: "failed"; segment: string };

/**
 * `/{lang}/blog/{segment}` (docs/decisions/0001-blog-url-readings.md): a built-in category's list, or an article
 * by slug, id or former slug, or the first published one under a notice. The first render
 * uses what the server rendered the page with. The view is reported here, once per opening:
 * a loader runs once per navigation, whatever React re-renders (strict mode included).
 */
export async function clientLoader({
  params,
  request,
}: {
  params: { lang?: string; segment?: string };
  request: Request;
}): Promise<PageData> {
  const segment = params.segment ?? "";
  const category = BUILT_IN_CATEGORIES.find((c) => c.slug === segment);
  const fromServer = takeServerPageData<{ segment: string } & Partial<ServerListPage> & Partial<ArticleResult>>(
    segment,
  );
  if (category) {
    const { serverListPage } = await loadListPage();
    return { kind: "category", category, firstPage: serverListPage(fromServer) };
  }
  let result: ArticleResult | undefined;
  try {
    result =
      fromServer?.article && fromServer.matchedBy
        ? { article: fromServer.article, matchedBy: fromServer.matchedBy }
        : await fetchArticlePage(segment, params.lang);
  } catch (error) {
    console.warn("Article unavailable", error);
    return { kind: "failed", segment };
  }
  if (!result) return { kind: "empty", segment };
  // Under a language it has a translation in, the page is that translation (the server answers
  // 301). The URL asked for never stays in history: a navigation (not committed yet) lands on
  // the translation with the page it came from before it; a URL already in the address bar
  // (the document's own load) is replaced.
  const translation = translationIn(result, params.lang);
  if (translation) {
    const target = `/${params.lang}/blog/${encodeURIComponent(translation)}`;
    const current = typeof window !== "undefined" && new URL(request.url).pathname === window.location.pathname;
    throw current ? replace(target) : redirect(target);
  }
  // The fallback article stands in for a page that does not exist: nobody opened it, so no view.
  const views = result.matchedBy === "fallback" ? Promise.resolve(undefined) : recordView(result.article.id);
  return { kind: "article", segment, result, views };
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
    const page = data as PageData | undefined;
    if (page?.kind !== "article" || page.result.matchedBy === "fallback") return undefined;
    return articlePathIn(page.result.article, language);
  },
};

/** Another article is another opening; a language switch or a re-render is not. */
export function shouldRevalidate({ currentParams, nextParams, currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  return (
    currentParams.segment !== nextParams.segment ||
    (currentUrl.href === nextUrl.href && currentParams.lang === nextParams.lang)
  );
}

function ArticlePage({
  segment,
  result,
  views,
}: {
  segment: string;
  result: ArticleResult;
  views: Promise<number | undefined>;
}) {
  const { language } = useLanguage();
  const categoryName = useCategoryLabel();
  const feed = useFeed();
  const notFound = result.matchedBy === "fallback";
  // Under another language (the notice page) the head is noindex: the structured data is on the real page.
  const ownPage = result.article.language === language;
  const base = { siteUrl: site.siteUrl, productName: site.productName, language };
  const {
    siteUrl: _s,
    productName: _p,
    language: _l,
    ...head
  } = articleHeadInput(result.article, { ...base, segment, notFound, feed });
  return (
    <>
      <PageHead {...head} />
      {notFound || !ownPage ? null : (
        <script type="application/ld+json">
          {JSON.stringify(articleJsonLd(result.article, { ...base, categoryName }))}
        </script>
      )}
      <ArticleView key={result.article.id} article={result.article} notFound={notFound} views={views} />
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
  // The app's page is in the DOM now: the server's copy goes in the same frame.
  useLayoutEffect(removeServerContent, []);
  switch (data.kind) {
    case "category":
      // Loaded by the loader before this render (`loadListPage`).
      return listModule ? <listModule.ListPage category={data.category} firstPage={data.firstPage} /> : null;
    case "article": {
      // A switch of prefix alone keeps the loader's data (shouldRevalidate): the translation still wins.
      const translation = translationIn(data.result, language);
      if (translation) return <Navigate replace to={`/${language}/blog/${encodeURIComponent(translation)}`} />;
      return <ArticlePage segment={data.segment} result={data.result} views={data.views} />;
    }
    case "empty":
      return <Message text={t("blog.noArticles")} />;
    case "failed":
      return <Message text={t("blog.articleFailed")} />;
  }
}
