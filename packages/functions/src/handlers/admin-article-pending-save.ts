import { pendingChangesSchema } from "@codcrm/core/article/article-schema";
import { json, parseWith, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";

/**
 * Keeps a published article's edits as pending changes until it is updated
 * (docs/decisions/0451-pending-changes-of-a-published-article.md): the body is the editor's form,
 * checked as a save's is, with the article `version` and the `pendingRevision` it was written
 * on. Visitors keep seeing the published version. 409 `version_conflict` when either moved on,
 * 409 `article_draft` for a draft (its edits are saved as the article).
 */
export const route: RouteHandler = async (request, deps) => {
  const { version, pendingRevision, ...values } = parseWith(pendingChangesSchema, request.body);
  const pending = await (
    await deps.articles()
  ).savePending(request.params.id ?? "", values, { version, pendingRevision }, deps.clock());
  return json(200, { pending });
};

export const handler = lambda(route);
