import { ARTICLE_CHANGE_STORES } from "../deps/article-change-stores.ts";
import { ARTICLE_STORES } from "../deps/article-stores.ts";
import { MEDIA_STORES } from "../deps/media-stores.ts";
import { audited, signedIn, type RouteHandler } from "../http/api.ts";
import { articleService } from "../http/article-service.ts";
import { lambda } from "../http/lambda.ts";
import { articleAudit } from "../http/article-audit.ts";

/**
 * Saves an edit; 409 `version_conflict` when the article changed since `version`; 403 for
 * another person's article without `articles:others`, or a publish without `articles:publish`.
 */
export const route: RouteHandler = async (request, deps) => {
  const id = request.params.id ?? "";
  const before = await (await deps.articles()).getById(id);
  const article = await (await articleService(deps)).update(id, request.body, signedIn(request));
  return audited(200, { article }, articleAudit(before, article));
};

export const handler = lambda(route, ARTICLE_STORES, ARTICLE_CHANGE_STORES, MEDIA_STORES);
