import { checkArticleWrite } from "@codcrm/core/article/article-access";
import { staleEdit } from "@codcrm/core/article/article-store";
import { BadRequestError, NotFoundError } from "@codcrm/core/errors";
import { ARTICLE_STORES } from "../deps/article-stores.ts";
import { signedIn, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";

/**
 * Drops a published article's pending changes of revision `?revision=` (the ones the editor
 * shows): 204; 409 `version_conflict` when the stored ones are another revision (another tab
 * saved since), so nothing newer is thrown away unseen.
 */
export const route: RouteHandler = async (request, deps) => {
  const revision = Number(request.query.revision);
  if (!Number.isSafeInteger(revision) || revision < 1)
    throw new BadRequestError("invalid_revision", "revision must be the pending changes' revision.");
  const id = request.params.id ?? "";
  const store = await deps.articles();
  const article = await store.getById(id);
  if (!article) throw new NotFoundError("Article not found.");
  checkArticleWrite(signedIn(request), article, false);
  if (!(await store.discardPending(id, revision))) throw staleEdit();
  return { status: 204 };
};

export const handler = lambda(route, ARTICLE_STORES);
