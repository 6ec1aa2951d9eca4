import { renderArticleContent } from "@codcrm/core/article/article-html";
import { articleUpdateSchema } from "@codcrm/core/article/article-schema";
import { json, parseWith, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";
import { publishedContentChanged } from "../http/published-changed.ts";

/** Saves an edit; 409 `version_conflict` when the article changed since `version`. */
export const route: RouteHandler = async (request, deps) => {
  const update = parseWith(articleUpdateSchema, request.body);
  const articles = await deps.articles();
  const before = await articles.getById(request.params.id ?? "");
  const article = await articles.update(request.params.id ?? "", update, deps.clock(), renderArticleContent(update));
  if (before?.published || article.published) await publishedContentChanged(deps, article.id);
  return json(200, { article: await articles.withAdminTranslations(article) });
};

export const handler = lambda(route);
