import { useLayoutEffect, useState } from "react";
import type { ServerListPage } from "./blog-list.tsx";
import { ListPage, serverListPage } from "./list-page.tsx";
import { removeServerContent, takeServerPageData } from "./server-page.ts";

/**
 * `/{lang}/blog`: heading, intro and the searchable list. The page function answers it with
 * its first cards in the HTML (packages/functions/src/pages/list-page.ts); the app takes
 * those cards as its first page and the server's copy goes once its own is on screen.
 */
export default function BlogListPage() {
  // Read once, on the first render of the document the server wrote ("" is the blog itself).
  const [firstPage] = useState(() =>
    serverListPage(takeServerPageData<{ segment: string } & Partial<ServerListPage>>("")),
  );
  useLayoutEffect(removeServerContent, []);
  return <ListPage firstPage={firstPage} />;
}
