import { useLoaderData } from "react-router";
import type { BlogPageData, PageLoadContext } from "@codcrm/core/article/blog-page-data";
import { ListPage } from "./list-page.tsx";

/**
 * `/{lang}/blog`: heading, intro and the searchable list. The blog list page function renders it
 * with the first cards it read for the address (packages/functions/src/handlers/blog-list-page.ts);
 * after a navigation in the browser the list asks the API itself.
 */
export function loader({ context }: { context: PageLoadContext }): BlogPageData {
  // The page functions hand every blog page its data (packages/functions/src/pages/react-page.ts).
  if (!context.blogPage) throw new Error("A blog page rendered without its data.");
  return context.blogPage;
}

export function clientLoader(): BlogPageData {
  return { kind: "list" };
}

export default function BlogListPage() {
  const data = useLoaderData<typeof clientLoader>();
  return <ListPage firstPage={data.kind === "list" ? data.firstPage : undefined} />;
}
