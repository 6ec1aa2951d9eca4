import { useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import type { BlogPageData, PageLoadContext } from "@codcrm/core/article/blog-page-data";
import { authorJsonLd } from "@codcrm/core/article/author-head";
import { site } from "../../config/site.ts";
import { useLanguage } from "../../i18n/language-context.tsx";
import { PageHead } from "../../seo/page-head.tsx";
import { useSiteUrl } from "../../seo/site-url.ts";
import { BlogArticleCard } from "./article-card.tsx";
import { MessageView } from "./blog-page-parts.tsx";
import { fetchAuthorPage } from "./blog-api.ts";

/**
 * `/{lang}/blog/autor/{slug}` (docs/decisions/0427-authors-in-public.md): an author's name, role
 * line, bio and photo, their articles in the page's language, and JSON-LD `Person`. Rendered on
 * the server by the author page function with its data; after a navigation, the route asks the API.
 */
export function loader({ context }: { context: PageLoadContext }): BlogPageData {
  if (!context.blogPage) throw new Error("An author page rendered without its data.");
  return context.blogPage;
}

export async function clientLoader({ params }: { params: { lang?: string; slug?: string } }): Promise<BlogPageData> {
  const segment = `autor/${params.slug ?? ""}`;
  try {
    const data = await fetchAuthorPage(params.slug ?? "", params.lang);
    return data ? { kind: "author", ...data } : { kind: "empty", segment };
  } catch (error) {
    console.warn("Author unavailable", error);
    return { kind: "failed", segment };
  }
}

export default function AuthorPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const siteUrl = useSiteUrl();
  const data = useLoaderData<typeof clientLoader>();
  if (data.kind !== "author") {
    return (
      <>
        <PageHead page="/blog" title={t("blog.author.notFound")} description={t("blog.author.notFound")} noindex />
        <MessageView text={data.kind === "failed" ? t("blog.articleFailed") : t("blog.author.notFound")} />
      </>
    );
  }
  const { author, articles } = data;
  const page = `/blog/autor/${author.slug}`;
  const description = author.roleLine || t("blog.author.description", { name: author.name });
  return (
    <>
      <PageHead page={page} title={t("blog.author.title", { name: author.name })} description={description} />
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{
          __html: JSON.stringify(
            authorJsonLd(author, { siteUrl, language, productName: site.productName, articles }),
          ).replaceAll("<", "\\u003c"),
        }}
      />
      <section className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
        <header className="flex flex-col items-start gap-6 sm:flex-row sm:items-center">
          {author.photoUrl ? (
            <img
              src={author.photoUrl}
              alt={t("blog.author.photo", { name: author.name })}
              width={112}
              height={112}
              className="h-28 w-28 rounded-full object-cover"
              data-testid="author-photo"
            />
          ) : null}
          <div>
            <h1 className="text-3xl font-bold text-ink sm:text-4xl">{author.name}</h1>
            {author.roleLine ? (
              <p data-testid="author-role" className="mt-2 text-lg text-slate-700">
                {author.roleLine}
              </p>
            ) : null}
          </div>
        </header>
        {author.bio ? (
          <p data-testid="author-bio" className="mt-6 max-w-3xl whitespace-pre-line text-slate-800">
            {author.bio}
          </p>
        ) : null}
        <h2 className="mt-12 text-2xl font-bold text-ink">{t("blog.author.articles", { name: author.name })}</h2>
        {articles.length ? (
          <ul
            className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
            aria-label={t("blog.author.articles", { name: author.name })}
          >
            {articles.map((article) => (
              <BlogArticleCard key={article.id} article={article} />
            ))}
          </ul>
        ) : (
          <p className="mt-4 text-slate-700">{t("blog.author.none")}</p>
        )}
      </section>
    </>
  );
}
