import type { AuthorLookup } from "@codcrm/core/article/public-article";
import type { Deps } from "../deps.ts";

/** A person of the staff as an article's byline links them: their author page's slug and name. */
export function authorLookup(deps: Deps): AuthorLookup {
  return async (staffId) => {
    const member = await (await deps.staff()).get(staffId);
    return member?.name ? { slug: member.slug, name: member.name } : undefined;
  };
}
