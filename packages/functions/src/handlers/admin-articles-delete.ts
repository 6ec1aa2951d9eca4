import { deleteArticle } from "@codcrm/core/article/delete-article";
import { type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";

export const route: RouteHandler = async (request, deps) => {
  const [store, changes] = await Promise.all([deps.articles(), deps.articleChanges()]);
  await deleteArticle(store, changes, request.params.id ?? "", deps.clock());
  return { status: 204 };
};

export const handler = lambda(route);
