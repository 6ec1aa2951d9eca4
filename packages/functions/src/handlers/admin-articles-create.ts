import { renderArticleContent } from "@codcrm/core/article/article-html";
import { articleMedia, imageAltErrors } from "@codcrm/core/article/article-images";
import { publishAtErrors } from "@codcrm/core/article/schedule";
import { articleInputSchema } from "@codcrm/core/article/article-schema";
import { ValidationError } from "@codcrm/core/errors";
import { json, parseWith, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";
import { publishedContentChanged } from "../http/published-changed.ts";

export const route: RouteHandler = async (request, deps) => {
  const input = parseWith(articleInputSchema, request.body);
  const altErrors = imageAltErrors(input);
  if (altErrors.length > 0) throw new ValidationError(altErrors);
  const scheduleErrors = publishAtErrors(input, undefined, deps.clock());
  if (scheduleErrors.length > 0) throw new ValidationError(scheduleErrors);
  const { imageMedia, mediaInfo } = await articleMedia(input, await deps.mediaRecords(), deps.config.SITE_URL);
  const articles = await deps.articles();
  const article = await articles.create({ ...input, imageMedia }, deps.clock(), renderArticleContent(input, mediaInfo));
  if (article.published) await publishedContentChanged(deps, article.id);
  return json(201, { article: await articles.withAdminTranslations(article) });
};

export const handler = lambda(route);
