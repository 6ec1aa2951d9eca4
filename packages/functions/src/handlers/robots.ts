import { robotsTxt } from "@codcrm/core/site/robots";
import type { RouteHandler } from "../http/api.ts";
import { visitorLambda } from "../http/visitor-lambda.ts";

/** `/robots.txt`: generated, so the sitemap line carries the configured site URL. */
export const route: RouteHandler = async (_request, deps) => ({
  status: 200,
  text: robotsTxt(deps.config.SITE_URL),
  headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" },
});

export const handler = visitorLambda(route);
