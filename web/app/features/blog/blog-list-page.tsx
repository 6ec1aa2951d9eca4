import { useLayoutEffect, useState } from "react";
import { PageHead } from "../../seo/page-head.tsx";
import { BlogList, type ServerListPage } from "./blog-list.tsx";
import { useFeed } from "./use-feed.ts";
import { useTranslation } from "../../i18n/language-context.tsx";
import { ListFrame, blogTexts } from "./blog-page-parts.tsx";
import { removeServerContent, takeServerPageData } from "./server-page.ts";

/**
 * `/{lang}/blog`: heading, intro and the searchable list. The page function answers it with
 * its first cards in the HTML (packages/functions/src/pages/list-page.ts); the app takes
 * those cards as its first page and the server's copy goes once its own is on screen.
 */
export default function BlogListPage() {
  const { t } = useTranslation();
  const feed = useFeed();
  const { title, description } = blogTexts(t);
  // Read once, on the first render of the document the server wrote ("" is the blog itself).
  const [firstPage] = useState(() => takeServerPageData<{ segment: string } & Partial<ServerListPage>>(""));
  useLayoutEffect(removeServerContent, []);
  return (
    <>
      <PageHead page="/blog" title={title} description={description} feed={feed} />
      <ListFrame>
        <BlogList firstPage={firstPage?.list && firstPage.filters ? (firstPage as ServerListPage) : undefined} />
      </ListFrame>
    </>
  );
}
