import { PRODUCT_NAME } from "@codcrm/core/brand";
import { headTags } from "@codcrm/core/site/head-tags";
import { DEFAULT_LANGUAGE } from "@codcrm/core/site/languages";
import type { ApiResponse } from "../http/api.ts";
import type { Deps } from "../deps.ts";
import { renderServerPage } from "./blog-html.ts";
import { blogStrings } from "./blog-strings.ts";
import { pageTemplateDir } from "./page-template.ts";

/**
 * A blog path whose first segment is no language: not a page of this site. The app's document
 * with a noindex head and no content, 404 and never cached; the app moves the visitor under
 * their language and says so.
 */
export async function unknownLanguagePage(deps: Deps, page: string): Promise<ApiResponse> {
  const strings = blogStrings(DEFAULT_LANGUAGE);
  const head = headTags({
    siteUrl: deps.config.SITE_URL,
    productName: PRODUCT_NAME,
    language: DEFAULT_LANGUAGE,
    page,
    title: strings.blogTitle,
    description: strings.blogDescription,
    noindex: true,
  });
  const html = await renderServerPage(pageTemplateDir(deps.config.PAGE_TEMPLATE_DIR), {
    language: DEFAULT_LANGUAGE,
    head,
    data: null,
    main: "",
  });
  return {
    status: 404,
    text: html,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" },
  };
}
