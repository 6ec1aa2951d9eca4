import { PageHead } from "../../seo/page-head.tsx";
import { BlogList, firstListPagePath } from "./blog-list.tsx";
import { useFeed } from "./use-feed.ts";
import { useLanguage, useTranslation } from "../../i18n/language-context.tsx";

/** `/{lang}/blog`: heading, intro and the searchable list (prerendered; the list loads from the API). */
export default function BlogListPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const feed = useFeed();
  const title = t("meta.pages.blog.title");
  const description = t("meta.pages.blog.description");
  return (
    <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
      <PageHead page="/blog" title={title} description={description} feed={feed} />
      {/* The cards' data is asked for with the page, not once the app has started: the first
          card's image (the largest thing on a phone's first screen) comes that much sooner
          (docs/decisions/0098-blog-list-first-screen.md). */}
      <link rel="preload" as="fetch" href={firstListPagePath(language)} crossOrigin="anonymous" />
      <h1 className="text-4xl font-bold tracking-tight text-ink sm:text-5xl">{title}</h1>
      <p className="mt-6 max-w-3xl text-lg text-slate-700">{description}</p>
      <BlogList />
    </div>
  );
}
