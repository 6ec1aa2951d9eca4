import { toPublic } from "@codcrm/core/article/article";
import { NotFoundError } from "@codcrm/core/errors";
import { SHORT_PUBLIC_CACHE, json, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";

/** One published article by slug, id or former slug; `matchedBy` says which. */
export const route: RouteHandler = async (request, deps) => {
  const segment = request.params.slugOrId ?? "";
  const found = segment.length <= 200 ? await deps.articles.findPublished(segment) : undefined;
  if (!found) throw new NotFoundError("Article not found.");
  return json(200, { article: toPublic(found.article), matchedBy: found.matchedBy }, SHORT_PUBLIC_CACHE);
};

export const handler = lambda("articles-get", route);
