import { Duration, RemovalPolicy, type Stack } from "aws-cdk-lib";
import { Effect, PolicyStatement, ServicePrincipal } from "aws-cdk-lib/aws-iam";
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership } from "aws-cdk-lib/aws-s3";
import { NagSuppressions } from "cdk-nag";
import type { StackContext } from "sst/constructs";
import { UNCHECKED_UPLOAD_DAYS } from "@codcrm/core/media/media-rules";
import { RETAINED_STAGES } from "./Database.ts";
import { acceptCommonFindings } from "./nag-suppressions.ts";
import { deployedSiteUrl, stackConfig } from "./stack-config.ts";

/** The media bucket's host, for the upload form's URL and the site's `connect-src`. */
export function mediaBucketHost(bucketName: string, region: string): string {
  return `${bucketName}.s3.${region}.amazonaws.com`;
}

/** A name known at synthesis (not a token), so the site's CSP can name the bucket's host. */
export function mediaBucketName(stack: Stack, appName: string, stage: string): string {
  return `${appName}-${stage}-media-${stack.account}`.toLowerCase().slice(0, 63);
}

/**
 * Article images (docs/decisions/0072-media-on-aws.md): a private bucket. The editor posts
 * files to `uploads/` with presigned POSTs (CORS allows that one method from the site);
 * checked images are written under `media/`, the only prefix CloudFront may read (origin
 * access control), served on the site's own origin at `/media/*`. Unchecked uploads expire
 * after a day.
 */
export function Media({ stack, app }: StackContext) {
  const keep = RETAINED_STAGES.includes(app.stage);
  const { settings } = stackConfig();
  const siteOrigin = deployedSiteUrl(settings);
  const bucket = new Bucket(stack, "MediaBucket", {
    bucketName: mediaBucketName(stack, app.name, app.stage),
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    encryption: BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
    removalPolicy: keep ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    cors: [
      {
        allowedMethods: [HttpMethods.POST],
        // Without a configured domain the CloudFront address is only known after this bucket.
        allowedOrigins: [siteOrigin ?? "*"],
        allowedHeaders: ["*"],
        maxAge: 3600,
      },
    ],
    lifecycleRules: [
      { id: "unchecked-uploads", prefix: "uploads/", expiration: Duration.days(UNCHECKED_UPLOAD_DAYS) },
      { id: "incomplete-multipart", abortIncompleteMultipartUploadAfter: Duration.days(1) },
    ],
  });
  // CloudFront (origin access control) reads checked images only. The distribution lives in
  // the Web stack, which depends on this one: the condition names the account's distributions.
  bucket.addToResourcePolicy(
    new PolicyStatement({
      effect: Effect.ALLOW,
      principals: [new ServicePrincipal("cloudfront.amazonaws.com")],
      actions: ["s3:GetObject"],
      resources: [bucket.arnForObjects("media/*")],
      conditions: { StringLike: { "AWS:SourceArn": `arn:aws:cloudfront::${stack.account}:distribution/*` } },
    }),
  );
  acceptCommonFindings(stack);
  NagSuppressions.addResourceSuppressions(
    bucket,
    [
      {
        id: "AwsSolutions-S1",
        reason:
          "Images are written only by the media functions (their logs record each upload) and read by CloudFront alone.",
      },
    ],
    true,
  );
  stack.addOutputs({ MediaBucket: bucket.bucketName });
  return { mediaBucket: bucket };
}
