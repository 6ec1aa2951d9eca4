import type { Category } from "@codcrm/core/article/categories";
import { useLanguage } from "../../i18n/language-context.tsx";
import { PageHead } from "../../seo/page-head.tsx";
import { BlogList, type ServerListPage } from "./blog-list.tsx";
import { ListFrame, listTexts } from "./blog-page-parts.tsx";
import { useFeed } from "./use-feed.ts";

// The routes' list page. Apart from blog-list.tsx, which the page function renders too: the
// head tags here read the app's build-time settings, which the function does not have.

/** The list's first page in the data a server-rendered page came with, when it has one. */
export function serverListPage(data: Partial<ServerListPage> | undefined): ServerListPage | undefined {
  return data?.list && data.filters ? { list: data.list, filters: data.filters } : undefined;
}

/**
 * A list page, the blog's (`/{lang}/blog`) or a category's: head, heading and intro, and the
 * list, with the first page the server rendered into the document when it did.
 */
export function ListPage({ category, firstPage }: { category?: Category; firstPage?: ServerListPage }) {
  const { t, language } = useLanguage();
  const feed = useFeed();
  const { title, description } = listTexts(t, language, category);
  return (
    <>
      <PageHead
        page={category ? `/blog/${category.slug}` : "/blog"}
        title={title}
        description={description}
        feed={feed}
      />
      <ListFrame category={category}>
        <BlogList key={category?.id} fixedCategory={category?.id} firstPage={firstPage} />
      </ListFrame>
    </>
  );
}
