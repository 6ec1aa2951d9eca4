import { useTranslation } from "react-i18next";
import { feedPath } from "@codcrm/core/article/blog-feed";
import { site } from "../../config/site.ts";
import { useLanguage } from "../../i18n/language-context.tsx";
import { PageHead } from "../../seo/page-head.tsx";
import { BlogList } from "./blog-list.tsx";

export function useFeed() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  return { href: feedPath(language), title: t("blog.feedTitle", { product: site.productName }) };
}

/** `/{lang}/blog`: heading, intro and the searchable list (prerendered; the list loads from the API). */
export default function BlogListPage() {
  const { t } = useTranslation();
  const feed = useFeed();
  const title = t("meta.pages.blog.title");
  const description = t("meta.pages.blog.description");
  return (
    <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
      <PageHead page="/blog" title={title} description={description} feed={feed} />
      <h1 className="text-4xl font-bold tracking-tight text-ink sm:text-5xl">{title}</h1>
      <p className="mt-6 max-w-3xl text-lg text-slate-700">{description}</p>
      <BlogList />
    </div>
  );
}
