import { ForbiddenError } from "../errors.ts";
import { can, type Role } from "../staff/roles.ts";
import { FIRST_OWNER_ID } from "../staff/staff.ts";
import type { Article } from "./article.ts";

/** Who saves or deletes an article: the signed-in person (docs/decisions/0420-staff-roles-and-permissions.md). */
export interface ArticleActor {
  id: string;
  name: string;
  role: Role;
}

/**
 * Whose article it is: the account that created it; an article stored before accounts is the
 * owner's (docs/decisions/0423-upgrade-to-staff-accounts.md), read so, never rewritten.
 */
export function authorIdOf(article: Pick<Article, "authorId">): string {
  return article.authorId ?? FIRST_OWNER_ID;
}

/**
 * The finer rules of writing an article, past the route's `articles:write`: another person's
 * article needs `articles:others`; publishing, scheduling, or changing an article that is
 * published needs `articles:publish`. A Contributor's publish is refused here, by the API, not
 * only hidden in the editor.
 */
export function checkArticleWrite(
  actor: ArticleActor,
  before: Pick<Article, "authorId" | "published"> | undefined,
  publishing: boolean,
): void {
  if (before && authorIdOf(before) !== actor.id && !can(actor.role, "articles:others")) {
    throw new ForbiddenError("not_your_article", "You may change only your own articles.");
  }
  if ((publishing || before?.published) && !can(actor.role, "articles:publish")) {
    throw new ForbiddenError("publish_not_allowed", "Your role may not publish: save it as a draft for an editor.");
  }
}

/**
 * Restoring or erasing an article in the trash (docs/decisions/0450-article-trash.md): one's own
 * with `articles:write`, another person's with `articles:others`. An article not in the trash
 * passes, and the store answers 404.
 */
export function checkTrashAccess(actor: ArticleActor, trashed: Pick<Article, "authorId"> | undefined): void {
  if (trashed && authorIdOf(trashed) !== actor.id && !can(actor.role, "articles:others")) {
    throw new ForbiddenError("not_your_article", "You may change only your own articles.");
  }
}
