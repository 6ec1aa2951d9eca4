import type { Category } from "@codcrm/core/article/categories";
import type { ListFirstPage } from "@codcrm/core/article/blog-page-data";
import { useTranslation } from "react-i18next";
import { useLanguage } from "../../i18n/language-context.tsx";
import { PageHead } from "../../seo/page-head.tsx";
import { BlogList } from "./blog-list.tsx";
import { ListFrame, listTexts } from "./blog-page-parts.tsx";
import { useFeed } from "./use-feed.ts";

/**
 * A list page, the blog's (`/{lang}/blog`) or a category's: head, heading and intro, and the
 * list, with the first page the server read for the address when it rendered the page.
 */
export function ListPage({ category, firstPage }: { category?: Category; firstPage?: ListFirstPage }) {
  const { language } = useLanguage();
  const { t } = useTranslation();
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
