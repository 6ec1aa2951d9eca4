import { ARTICLE_STORES } from "../deps/article-stores.ts";
import { authorLookup } from "../staff/authors.ts";
import { resolveArticlePage } from "@codcrm/core/article/article-page";
import { publicArticle } from "@codcrm/core/article/public-article";
import { NotFoundError } from "@codcrm/core/errors";
import { isLanguage } from "@codcrm/core/site/languages";
import type { Article } from "@codcrm/core/article/article";
import { SHORT_PUBLIC_CACHE, json, type ApiResponse, type RouteHandler } from "../http/api.ts";
import type { Deps } from "../deps.ts";
import { lambda } from "../http/lambda.ts";

/**
 * One published article by slug, id or former slug; `matchedBy` says which. With
 * `?fallback=first`, a segment that matches nothing answers the first published article (in
 * `lang` when given and there is one) with `matchedBy: "fallback"` (what the article page shows under its "not found" notice).
 * The article carries `language` and `translations`, its other published versions, and
 * `related`, up to three other articles to read next.
 */
export const route: RouteHandler = async (request, deps) => {
  const segment = request.params.slugOrId ?? "";
  if (request.query.fallback === "first") {
    const lang = request.query.lang;
    const resolved = await resolveArticlePage(await deps.articles(), segment, isLanguage(lang) ? lang : undefined);
    if (!resolved) throw new NotFoundError("No article is published.");
    return answer(resolved, deps);
  }
  const found = segment.length <= 200 ? await (await deps.articles()).findPublished(segment) : undefined;
  if (!found) throw new NotFoundError("Article not found.");
  return answer(found, deps);
};

/** The public article with how its segment matched, cached briefly as every public read. */
async function answer(found: { article: Article; matchedBy: string }, deps: Deps): Promise<ApiResponse> {
  return json(
    200,
    {
      article: await publicArticle(await deps.articles(), found.article, authorLookup(deps)),
      matchedBy: found.matchedBy,
    },
    SHORT_PUBLIC_CACHE,
  );
}

export const handler = lambda(route, ARTICLE_STORES);
