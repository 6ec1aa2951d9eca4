import { revisionVersion } from "@codcrm/core/article/revision";
import { NotFoundError } from "@codcrm/core/errors";
import { ARTICLE_STORES } from "../deps/article-stores.ts";
import { json, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";

/** One earlier version with every field the administrator writes; 404 when there is none. */
export const route: RouteHandler = async (request, deps) => {
  const version = revisionVersion(request.params.version);
  const revision = await (await deps.articles()).getRevision(request.params.id ?? "", version);
  if (!revision) throw new NotFoundError("Revision not found.");
  return json(200, { revision });
};

export const handler = lambda(route, ARTICLE_STORES);
