import { sendStatus, type ArticleSendStatus } from "@codcrm/core/article/article-send";
import { ARTICLE_CHANGE_STORES } from "../deps/article-change-stores.ts";
import { ARTICLE_STORES } from "../deps/article-stores.ts";
import { json, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";

/**
 * How many confirmed subscribers of the article's language would get it, and its send's
 * progress when one was asked for (queued, sent, failed, skipped): what the editor shows
 * before and while sending (docs/decisions/0163-article-sends.md).
 */
export const route: RouteHandler = async (request, deps) => {
  const status: ArticleSendStatus = await sendStatus(
    await deps.articles(),
    await deps.articleSends(),
    request.params.id ?? "",
  );
  return json(200, status);
};

export const handler = lambda(route, ARTICLE_STORES, ARTICLE_CHANGE_STORES);
