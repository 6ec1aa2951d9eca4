import { isByAuthor } from "@codcrm/core/article/public-article";
import type { AuthorPageData } from "@codcrm/core/article/blog-page-data";
import type { Language } from "@codcrm/core/site/languages";
import { publicAuthor } from "@codcrm/core/staff/staff";
import type { Deps } from "../deps.ts";

/**
 * An author's page (docs/decisions/0427-authors-in-public.md): the person by their slug (a removed
 * person too: their articles keep their author), and their published articles in `language`,
 * newest first. None for a slug nobody has, or a person without a name to show.
 */
export async function authorPageData(
  deps: Deps,
  slug: string,
  language: Language,
): Promise<AuthorPageData | undefined> {
  const member = await (await deps.staff()).bySlug(slug);
  if (!member?.name) return undefined;
  const author = publicAuthor(member);
  const published = await (await deps.articles()).listPublished(language);
  const articles = published.filter(
    (article) => article.language === language && isByAuthor(article, { ...author, id: member.id }),
  );
  return { author, articles };
}
