import { LIST_PAGE_SIZE, listFiltersFromParams } from "@codcrm/core/article/article-list-params";
import { queryArticles } from "@codcrm/core/article/article-query";
import type { Category } from "@codcrm/core/article/categories";
import { feedPath } from "@codcrm/core/article/feed-path";
import { PRODUCT_NAME } from "@codcrm/core/brand";
import { headTags } from "@codcrm/core/site/head-tags";
import { LANGUAGES, type Language } from "@codcrm/core/site/languages";
import { SHORT_PUBLIC_CACHE, type ApiResponse } from "../http/api.ts";
import type { Deps } from "../deps.ts";
import { listMarkup } from "@codcrm/web/server-markup";
import { renderServerPage } from "./blog-html.ts";
import type { ListPageData } from "./blog-page-data.ts";
import { blogStrings } from "./blog-strings.ts";
import { pageTemplateDir } from "./page-template.ts";

/**
 * A list page as HTML: the blog (`/{lang}/blog`) or a built-in category's list, with its head
 * tags and the first page of cards the app would ask the API for the same address (one card
 * per translation group, the page's language first), written into the page and handed to the
 * app as its data. Crawlers read the cards' links; a visitor's browser finds the first card's
 * image in the HTML (docs/decisions/0098-blog-list-first-screen.md).
 */
export async function listPage(
  deps: Deps,
  request: { path: string; query: Record<string, string> },
  language: Language,
  category: Category | undefined,
): Promise<ApiResponse> {
  const { path } = request;
  // The address's search, tag and order, read as the app reads them (an address the API would
  // refuse reads as none): the cards are the ones the app will show for this address.
  const search = new URLSearchParams(request.query);
  const filters = listFiltersFromParams(search);
  const pathWithQuery = search.size ? `${path}?${search}` : path;
  const strings = blogStrings(language);
  const texts = category
    ? strings.categoryPage(category)
    : { title: strings.blogTitle, description: strings.blogDescription };
  const page = category ? `/blog/${category.slug}` : "/blog";
  const list = queryArticles(await (await deps.articles()).listPublished(), {
    ...filters,
    category: category?.id ?? filters.category,
    cardsFor: language,
    limit: LIST_PAGE_SIZE,
    offset: 0,
  });
  const head = headTags({
    siteUrl: deps.config.SITE_URL,
    productName: PRODUCT_NAME,
    language,
    page,
    ...texts,
    feed: { href: feedPath(language), title: strings.feedTitle },
  });
  const data: ListPageData = {
    segment: category?.slug ?? "",
    filters: { ...filters, category: category?.id ?? filters.category },
    list,
  };
  const html = await renderServerPage(pageTemplateDir(deps.config.PAGE_TEMPLATE_DIR), {
    language,
    head,
    data,
    main: await listMarkup({ language, path: pathWithQuery, t: strings.t }, category, data),
    languagePaths: Object.fromEntries(LANGUAGES.map((other) => [other, `/${other}${page}`])),
  });
  return { status: 200, text: html, headers: { "content-type": "text/html; charset=utf-8", ...SHORT_PUBLIC_CACHE } };
}
