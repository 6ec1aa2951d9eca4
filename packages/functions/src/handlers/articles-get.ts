import { toPublic } from "@codcrm/core/article/article";
import { withContentHtml } from "@codcrm/core/article/article-html";
import { resolveArticlePage } from "@codcrm/core/article/article-page";
import { NotFoundError } from "@codcrm/core/errors";
import { SHORT_PUBLIC_CACHE, json, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";

/**
 * One published article by slug, id or former slug; `matchedBy` says which. With
 * `?fallback=first`, a segment that matches nothing answers the first published article
 * with `matchedBy: "fallback"` (what the article page shows under its "not found" notice).
 */
export const route: RouteHandler = async (request, deps) => {
  const segment = request.params.slugOrId ?? "";
  if (request.query.fallback === "first") {
    const resolved = await resolveArticlePage(deps.articles, segment);
    if (!resolved) throw new NotFoundError("No article is published.");
    return json(
      200,
      { article: toPublic(withContentHtml(resolved.article)), matchedBy: resolved.matchedBy },
      SHORT_PUBLIC_CACHE,
    );
  }
  const found = segment.length <= 200 ? await deps.articles.findPublished(segment) : undefined;
  if (!found) throw new NotFoundError("Article not found.");
  return json(
    200,
    { article: toPublic(withContentHtml(found.article)), matchedBy: found.matchedBy },
    SHORT_PUBLIC_CACHE,
  );
};

export const handler = lambda("articles-get", route);
