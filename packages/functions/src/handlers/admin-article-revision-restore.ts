import * as z from "zod";
import { renderArticleContent } from "@codcrm/core/article/article-html";
import { articleMedia } from "@codcrm/core/article/article-images";
import { revisionVersion } from "@codcrm/core/article/revision";
import { NotFoundError } from "@codcrm/core/errors";
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
  const id = request.params.id ?? "";
  const articles = await deps.articles();
  const revision = await articles.getRevision(id, version);
  if (!revision) throw new NotFoundError("Revision not found.");
  // Its images' sizes and variants, as a save reads them, so the restored HTML keeps its srcset.
  const { imageMedia, mediaInfo } = await articleMedia(revision, await deps.mediaRecords(), deps.config.SITE_URL);
  const article = await articles.restore(
    id,
    version,
    expected,
    deps.clock(),
    (input) => renderArticleContent(input, mediaInfo),
    { imageMedia },
  );
  // A restore keeps the publication state: it shows on the site when the article is published.
  if (article.published) await publishedContentChanged(deps, article.id);
  return json(200, { article: await articles.withAdminTranslations(article) });
};

export const handler = lambda(route);
