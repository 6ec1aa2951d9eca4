import { previewPath, signPreviewToken } from "@codcrm/core/article/preview-link.server";
import { NotFoundError } from "@codcrm/core/errors";
import { ARTICLE_STORES } from "../deps/article-stores.ts";
import { json, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A link that shows the article as saved, to anyone who has it, for PREVIEW_LINK_DAYS:
 * `{ url, expiresAt }`, `url` a site path in the article's language
 * (docs/decisions/0086-preview-links.md).
 */
export const route: RouteHandler = async (request, deps) => {
  const article = await (await deps.articles()).getById(request.params.id ?? "");
  if (!article) throw new NotFoundError("Article not found.");
  // Whole seconds: the token carries the expiry in seconds, so the answer says exactly that.
  const expires = new Date(Math.floor((deps.clock().getTime() + deps.config.PREVIEW_LINK_DAYS * DAY_MS) / 1000) * 1000);
  const token = signPreviewToken(article.id, expires, deps.config.JWT_SECRET);
  return json(200, { url: previewPath(article.language, token), expiresAt: expires.toISOString() });
};

export const handler = lambda(route, ARTICLE_STORES);
