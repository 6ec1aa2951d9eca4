import { isbot } from "isbot";
import { NotFoundError } from "@codcrm/core/errors";
import { json, type RouteHandler } from "../http/api.ts";
import { hashedClient } from "../http/client-hash.ts";
import { lambda } from "../http/lambda.ts";

/**
 * Records a view of a published article and answers the count. One view per client per
 * article per VIEW_WINDOW_MINUTES, and none from known bots or without a User-Agent
 * (docs/decisions/0323-article-views.md): a reload, a script or a crawler
 * cannot move "popular". A view not counted still answers the current count.
 */
export const route: RouteHandler = async (request, deps) => {
  const id = request.params.id ?? "";
  if (id.length > 200) throw new NotFoundError("Article not found.");
  const now = deps.clock();
  const viewCount = await (
    await deps.articles()
  ).recordView(id, async () => {
    // A browser always names itself: an empty or missing User-Agent is a script, not a reader.
    const userAgent = (request.headers["user-agent"] ?? "").trim();
    if (!userAgent || isbot(userAgent)) return false;
    // The address is kept hashed: the window only needs to recognise the client again.
    const client = hashedClient(request.sourceIp);
    return (await deps.viewWindows()).open(`${id}#${client}`, now);
  });
  return json(200, { id, viewCount });
};

export const handler = lambda(route);
