import * as z from "zod";
import { renderArticleContent } from "@codcrm/core/article/article-html";
import { revisionVersion } from "@codcrm/core/article/revision";
import { json, parseWith, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";
import { publishedContentChanged } from "../http/published-changed.ts";

/** The body names the version the administrator saw, like an edit: a stale restore is refused. */
const restoreSchema = z.object({ version: z.number().int().positive() });

/**
 * Saves revision `{version}`'s text as the next version (the current one becomes a revision);
 * 409 `version_conflict` when the article changed since the version in the body.
 */
export const route: RouteHandler = async (request, deps) => {
  const { version: expected } = parseWith(restoreSchema, request.body);
  const version = revisionVersion(request.params.version);
  const articles = await deps.articles();
  const article = await articles.restore(request.params.id ?? "", version, expected, deps.clock(), (input) =>
    renderArticleContent(input),
  );
  // A restore keeps the publication state: it shows on the site when the article is published.
  if (article.published) await publishedContentChanged(deps, article.id);
  return json(200, { article: await articles.withAdminTranslations(article) });
};

export const handler = lambda(route);
