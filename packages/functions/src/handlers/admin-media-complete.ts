import { MEDIA_STORES } from "../deps/media-stores.ts";
import { json, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";

/** Checks an uploaded file by its content and makes its variants: 200 with the image, 422 with the reason. */
export const route: RouteHandler = async (request, deps) => {
  const media = await deps.media();
  // Only this function loads sharp (docs/decisions/0072-media-on-aws.md).
  const processor = await import("@codcrm/core/media/image-processing");
  return json(200, { media: await media.complete(request.params.id ?? "", processor) });
};

export const handler = lambda(route, MEDIA_STORES);
