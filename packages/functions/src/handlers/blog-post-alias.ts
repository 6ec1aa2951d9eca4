import type { RouteHandler } from "../http/api.ts";
import { visitorLambda } from "../http/visitor-lambda.ts";

/** `/{lang}/blog/post/{x}` is an alias of `/{lang}/blog/{x}` (docs/decisions/0001-blog-url-readings.md). */
export const route: RouteHandler = async (request) => {
  const { lang = "", segment = "" } = request.params;
  return {
    status: 301,
    headers: {
      location: `/${encodeURIComponent(lang)}/blog/${encodeURIComponent(segment)}`,
      "cache-control": "public, max-age=3600",
    },
  };
};

export const handler = visitorLambda(route);
