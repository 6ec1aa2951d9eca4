import { renderArticleContent } from "@codcrm/core/article/article-html";
import { articleMedia, imageAltErrors } from "@codcrm/core/article/article-images";
import { publishAtErrors } from "@codcrm/core/article/schedule";
import { articleUpdateSchema } from "@codcrm/core/article/article-schema";
import { ValidationError } from "@codcrm/core/errors";
import { json, parseWith, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";
import { publishedContentChanged } from "../http/published-changed.ts";

/** Saves an edit; 409 `version_conflict` when the article changed since `version`. */
export const route: RouteHandler = async (request, deps) => {
  const update = parseWith(articleUpdateSchema, request.body);
  const altErrors = imageAltErrors(update);
  if (altErrors.length > 0) throw new ValidationError(altErrors);
  const { imageMedia, mediaInfo } = await articleMedia(update, await deps.mediaRecords(), deps.config.SITE_URL);
  const articles = await deps.articles();
  const before = await articles.getById(request.params.id ?? "");
  const scheduleErrors = publishAtErrors(update, before, deps.clock());
  if (scheduleErrors.length > 0) throw new ValidationError(scheduleErrors);
  const article = await articles.update(
    request.params.id ?? "",
    { ...update, imageMedia },
    deps.clock(),
    renderArticleContent(update, mediaInfo),
  );
  if (before?.published || article.published) await publishedContentChanged(deps, article.id);
  return json(200, { article: await articles.withAdminTranslations(article) });
};

export const handler = lambda(route);
