import { checkArticleWrite } from "@codcrm/core/article/article-access";
import { pendingChangesSchema } from "@codcrm/core/article/article-schema";
import { NotFoundError } from "@codcrm/core/errors";
import { ARTICLE_STORES } from "../deps/article-stores.ts";
import { audited, parseWith, signedIn, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";

/**
 * Keeps a published article's edits as pending changes until it is updated
 * (docs/decisions/0451-pending-changes-of-a-published-article.md): the body is the editor's form,
 * checked as a save's is, with the article `version` and the `pendingRevision` it was written
 * on. Visitors keep seeing the published version. 409 `version_conflict` when either moved on,
 * 409 `article_draft` for a draft (its edits are saved as the article); the role is asked what
 * an edit of the published article asks.
 */
export const route: RouteHandler = async (request, deps) => {
  const { version, pendingRevision, ...values } = parseWith(pendingChangesSchema, request.body);
  const id = request.params.id ?? "";
  const store = await deps.articles();
  const article = await store.getById(id);
  if (!article) throw new NotFoundError("Article not found.");
  checkArticleWrite(signedIn(request), article, false);
  const pending = await store.savePending(id, values, { version, pendingRevision }, deps.clock());
  // An autosave every few seconds is one entry per ten minutes, not one per keystroke (0424).
  return audited(200, { pending }, { kind: "article", summary: article.title, coalesce: true });
};

export const handler = lambda(route, ARTICLE_STORES);
