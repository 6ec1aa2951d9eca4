import { ARTICLE_CHANGE_STORES } from "../deps/article-change-stores.ts";
import { ARTICLE_STORES } from "../deps/article-stores.ts";
import { MEDIA_STORES } from "../deps/media-stores.ts";
import { audited, signedIn, type RouteHandler } from "../http/api.ts";
import { articleService } from "../http/article-service.ts";
import { lambda } from "../http/lambda.ts";
import { articleAudit } from "../http/article-audit.ts";

/** A new article, the signed-in person's; a publish needs their role's `articles:publish`. */
export const route: RouteHandler = async (request, deps) => {
  const article = await (await articleService(deps)).create(request.body, signedIn(request));
  return audited(201, { article }, articleAudit(undefined, article));
};

export const handler = lambda(route, ARTICLE_STORES, ARTICLE_CHANGE_STORES, MEDIA_STORES);
