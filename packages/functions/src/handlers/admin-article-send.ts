import { requestSend, sendProgress } from "@codcrm/core/article/article-send";
import { ARTICLE_CHANGE_STORES } from "../deps/article-change-stores.ts";
import { ARTICLE_STORES } from "../deps/article-stores.ts";
import { json, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";

/**
 * Asks for an article to be sent to the confirmed subscribers of its language, or for a
 * stopped send to go on (docs/decisions/0163-article-sends.md). It records the wish and
 * answers 202 with the send's progress: the sending itself is the job's, never this
 * request's. A draft is refused (409 `article_draft`); a scheduled article's send waits for
 * its `publishAt`; asking again for a send under way or done changes nothing.
 */
export const route: RouteHandler = async (request, deps) => {
  const id = request.params.id ?? "";
  const send = await requestSend(await deps.articles(), await deps.articleSends(), id, deps.clock());
  if (send.state !== "done") deps.startSend(id);
  return json(202, { send: sendProgress(send) });
};

export const handler = lambda(route, ARTICLE_STORES, ARTICLE_CHANGE_STORES);
