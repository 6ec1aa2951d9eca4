import { renderArticleContent } from "@codcrm/core/article/article-html";
import { articleInputSchema } from "@codcrm/core/article/article-schema";
import { json, parseWith, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";
import { publishedContentChanged } from "../http/published-changed.ts";

export const route: RouteHandler = async (request, deps) => {
  const input = parseWith(articleInputSchema, request.body);
  const articles = await deps.articles();
  const article = await articles.create(input, deps.clock(), renderArticleContent(input));
  if (article.published) await publishedContentChanged(deps, article.id);
  return json(201, { article: await articles.withAdminTranslations(article) });
};

export const handler = lambda(route);
