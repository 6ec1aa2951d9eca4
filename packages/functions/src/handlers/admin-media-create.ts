import { mediaUploadSchema, type MediaUploadRequest } from "@codcrm/core/media/media-upload-schema";
import { MEDIA_STORES } from "../deps/media-stores.ts";
import { json, parseWith, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";

/** Announces an upload: 201 with the form the browser posts the file to, and the media id. */
export const route: RouteHandler = async (request, deps) => {
  const input = parseWith(mediaUploadSchema, request.body) as MediaUploadRequest;
  const media = await deps.media();
  return json(201, await media.announce(input, deps.clock()));
};

export const handler = lambda(route, MEDIA_STORES);
