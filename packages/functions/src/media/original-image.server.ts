import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { IMMUTABLE_CACHE_CONTROL } from "@codcrm/core/media/media-rules";
import { servedOriginal } from "@codcrm/core/media/served-original";
import { ORIGIN_SECRET } from "@codcrm/core/config/deployed-secrets";
import { boundSecrets, sentByCloudFront } from "../http/route-lambda.ts";

/** The answer to a request for an original: its bytes without metadata, or 404. */
export async function originalImageResponse(
  rawPath: string,
  read: (key: string) => Promise<Buffer | undefined>,
): Promise<{ statusCode: number; headers: Record<string, string>; body?: Buffer }> {
  let key: string;
  try {
    key = decodeURIComponent(rawPath).slice(1);
  } catch {
    return { statusCode: 400, headers: { "cache-control": "no-store" } };
  }
  // sharp is loaded here only, in the one function that ships it (docs/decisions/0072-media-on-aws.md).
  const { withoutMetadata } = await import("@codcrm/core/media/image-processing");
  const original = await servedOriginal(key, read, withoutMetadata);
  if (!original) return { statusCode: 404, headers: { "cache-control": "no-store" } };
  return {
    statusCode: 200,
    headers: {
      "content-type": original.type,
      "content-length": String(original.body.length),
      "cache-control": IMMUTABLE_CACHE_CONTROL,
    },
    body: original.body,
  };
}

/**
 * CloudFront's origin for `/media/{id}/original.{ext}` on AWS: the original read from the
 * media bucket and stripped on read, so one stored before originals were cleaned on completion
 * leaves without its EXIF too, and no stored object is rewritten
 * (docs/decisions/0100-images-without-metadata.md). A Lambda function URL in streaming mode:
 * an original may be up to 10 MB, more than a buffered Lambda answer (6 MB) carries. Like the
 * API, it answers only requests that carry CloudFront's origin secret (hence the .server
 * name, docs/decisions/0114-server-only-files.md). CloudFront keeps the answer a year.
 */
let origin: Promise<Buffer> | undefined;

export const handler =
  typeof awslambda === "undefined"
    ? undefined
    : awslambda.streamifyResponse(async (event: APIGatewayProxyEventV2, responseStream) => {
        origin ??= boundSecrets().then((secrets) => Buffer.from(secrets[ORIGIN_SECRET] ?? ""));
        const secret = await origin;
        if (secret.length === 0 || !sentByCloudFront(event, secret)) {
          const refused = { statusCode: 403, headers: { "cache-control": "no-store" } };
          return void awslambda.HttpResponseStream.from(responseStream, refused).end();
        }
        const { createS3MediaStorage } = await import("@codcrm/core/media/s3-media-storage");
        const storage = createS3MediaStorage(process.env.AWS_REGION ?? "", process.env.MEDIA_BUCKET ?? "");
        const { statusCode, headers, body } = await originalImageResponse(event.rawPath, (key) => storage.get(key));
        const stream = awslambda.HttpResponseStream.from(responseStream, { statusCode, headers });
        stream.end(body);
      });
