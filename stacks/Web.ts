import path from "node:path";
import { CfnResource, Duration, Fn } from "aws-cdk-lib";
import { Effect, Policy, PolicyStatement } from "aws-cdk-lib/aws-iam";
import { StringParameter } from "aws-cdk-lib/aws-ssm";
import { Certificate } from "aws-cdk-lib/aws-certificatemanager";
import {
  AllowedMethods,
  CachePolicy,
  CachedMethods,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestCookieBehavior,
  OriginRequestHeaderBehavior,
  OriginRequestPolicy,
  OriginRequestQueryStringBehavior,
  OriginSslPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
  CacheHeaderBehavior,
  CacheQueryStringBehavior,
  CacheCookieBehavior,
  type BehaviorOptions,
  type IOrigin,
  type OriginAccessIdentity,
  type OriginBindConfig,
  type OriginBindOptions,
} from "aws-cdk-lib/aws-cloudfront";
import { FunctionUrlOrigin, HttpOrigin, S3BucketOrigin, S3Origin } from "aws-cdk-lib/aws-cloudfront-origins";
import { FunctionUrlAuthType, InvokeMode } from "aws-cdk-lib/aws-lambda";
import { Bucket, type IBucket } from "aws-cdk-lib/aws-s3";
import type { Construct } from "constructs";
import { AwsCustomResource, AwsCustomResourcePolicy, Logging, PhysicalResourceId } from "aws-cdk-lib/custom-resources";
import { Function as SstFunction, StaticSite, use, type StackContext } from "sst/constructs";
import { getParameterPath } from "sst/constructs/util/binding.js";
import { DEVICE_COOKIE } from "@codcrm/core/auth/device-cookie.server";
import { ORIGIN_VERIFY_HEADER } from "@codcrm/core/config/deployed-secrets";
import { CACHE_CONTROL_BY_GLOB } from "@codcrm/core/web/cache-control";
import { OPENER_ISOLATION_HEADERS } from "@codcrm/core/web/security-headers";
import { routeKey, type RouteEntry } from "@codcrm/functions/routes";
import { functionErrorAlarms } from "./alarms.ts";
import { Api, BASE_FUNCTION, withImageProcessing } from "./Api.ts";
import { Alerts } from "./Alerts.ts";
import { mediaBucketHost, mediaBucketName } from "./Media.ts";
import { parseSiteConfig } from "@codcrm/core/site/site-env";
import { viewerRequestCode, viewerResponseCode } from "./edge/viewer-request.ts";
import { acceptWebFindings } from "./nag-suppressions.ts";
import { securityHeadersPolicy } from "./security-headers-policy.ts";
import { REPO_ROOT, cdnParameterName, deployedSiteUrl, stackConfig } from "./stack-config.ts";

/** `/{lang}/blog/{segment}` -> `/*\/blog/*`: the CloudFront path pattern of a page route. */
export function pathPattern(entry: Pick<RouteEntry, "path">): string {
  return entry.path.replace(/\{[^}]+\}/g, "*");
}

/**
 * The CloudFront headers API Gateway needs: the visitor's address (login throttling, view
 * counting), content negotiation, `Origin` and `Sec-Fetch-Site` (cross-site writes are
 * refused), `User-Agent` (bots' views are not counted).
 */
export const API_FORWARDED_HEADERS = [
  "CloudFront-Viewer-Address",
  "Content-Type",
  "Accept",
  "Accept-Language",
  "Origin",
  "Sec-Fetch-Site",
  "User-Agent",
];

/** The handler that serves uploaded originals, stripped of their metadata on read. */
export const ORIGINALS_HANDLER = "packages/functions/src/media/original-image.server.handler";
/** CloudFront's path pattern of uploaded originals (`media/{id}/original.{ext}`). */
export const ORIGINALS_PATH_PATTERN = "/media/*/original.*";
/** CloudFront's path patterns of the admin's documents (`isAdminPath`). */
export const ADMIN_PATH_PATTERNS = ["/admin", "/admin/*"] as const;

/**
 * The site's bucket as the default behaviour reads it, for behaviours listed before StaticSite
 * has made the bucket. Bound while StaticSite builds its distribution, after the default
 * behaviour's origin (`Origin1`, whose access identity SST's S3Origin made), it reads the same
 * bucket with the same identity: no second identity and no new grant (the bucket policy's
 * statement for it is the same one, which CDK keeps once).
 */
class SiteBucketOrigin implements IOrigin {
  bind(scope: Construct, options: OriginBindOptions): OriginBindConfig {
    const distribution = scope.node.scope!;
    const bucket = distribution.node.scope!.node.findChild("S3Bucket") as IBucket;
    const identity = distribution.node.findChild("Origin1").node.findChild("S3Origin") as OriginAccessIdentity;
    return new S3Origin(bucket, { originAccessIdentity: identity }).bind(scope, options);
  }
}

/**
 * The site on S3 + CloudFront, one origin for everything: `/api/*` and page routes go to
 * API Gateway, everything else to S3. Every answer carries the security headers.
 */
export function Web({ stack, app }: StackContext) {
  const { topic } = use(Alerts);
  const { api, originSecret } = use(Api);
  // The media bucket's name as plain text (not a reference to the Media stack's output), so
  // the CSP, which must be a literal string, can name its host.
  const mediaBucket = mediaBucketName(stack, app.name, app.stage);
  const { settings, routes, web } = stackConfig();
  const builtSite = path.resolve(REPO_ROOT, web.path, web.buildOutput);
  // The CRM sign-in URL the site is built with (the StaticSite build reads the same environment).
  const { crmSignInUrl } = parseSiteConfig(process.env);
  // The editor posts image files straight to the media bucket: the only other origin it may call.
  const mediaHost = mediaBucketHost(mediaBucket, stack.region);
  // Pages load images from the site and the listed origins only (docs/decisions/0206-images-from-listed-origins.md).
  const cspSources = { connectSources: [`https://${mediaHost}`], imageSources: settings.IMAGE_ORIGINS };
  const headers = securityHeadersPolicy(stack, "SecurityHeaders", builtSite, cspSources);
  // The admin's documents also cut their window handles to other sites; public pages do not pay
  // for it (docs/decisions/0199-opener-isolation-on-the-admin-only.md).
  const adminHeaders = securityHeadersPolicy(
    stack,
    "AdminSecurityHeaders",
    builtSite,
    cspSources,
    OPENER_ISOLATION_HEADERS,
  );

  // CloudFront proves itself to the API with the ORIGIN_SECRET secret, read from SSM at
  // deployment (CloudFormation cannot resolve SecureString parameters in CloudFront).
  const originSecretPath = getParameterPath(originSecret, "value");
  const originSecretRead = new AwsCustomResource(stack, "OriginSecretValue", {
    onUpdate: {
      service: "SSM",
      action: "GetParameter",
      parameters: { Name: originSecretPath, WithDecryption: true },
      physicalResourceId: PhysicalResourceId.of(originSecretPath),
      outputPaths: ["Parameter.Value"],
      logging: Logging.withDataHidden(),
    },
    policy: AwsCustomResourcePolicy.fromSdkCalls({
      resources: [`arn:aws:ssm:${stack.region}:${stack.account}:parameter${originSecretPath}`],
    }),
    installLatestAwsSdk: false,
  });
  // Read again on every deployment, so `sst secrets set ORIGIN_SECRET` + deploy rotates it.
  const readResource = originSecretRead.node.findChild("Resource").node.defaultChild as CfnResource;
  readResource.addPropertyOverride(
    "DeployedAt",
    process.env.NODE_ENV === "test" ? "synth-test" : new Date().toISOString(),
  );

  const apiOrigin = new HttpOrigin(Fn.select(2, Fn.split("/", api.url)), {
    protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
    originSslProtocols: [OriginSslPolicy.TLS_V1_2],
    customHeaders: { [ORIGIN_VERIFY_HEADER]: originSecretRead.getResponseField("Parameter.Value") },
  });
  // No caching unless the API's Cache-Control allows it; Authorization is part of the key
  // (CloudFront forwards it only that way), so one administrator never sees another's answer.
  const apiCache = new CachePolicy(stack, "ApiCache", {
    comment: "API and pages: cached only as their Cache-Control allows",
    minTtl: Duration.seconds(0),
    defaultTtl: Duration.seconds(0),
    maxTtl: Duration.days(1),
    headerBehavior: CacheHeaderBehavior.allowList("Authorization"),
    queryStringBehavior: CacheQueryStringBehavior.all(),
    cookieBehavior: CacheCookieBehavior.none(),
    enableAcceptEncodingGzip: true,
    enableAcceptEncodingBrotli: true,
  });
  const apiOriginRequest = new OriginRequestPolicy(stack, "ApiOriginRequest", {
    comment: "API and pages: the visitor's address, every query string, the login's device cookie only",
    headerBehavior: OriginRequestHeaderBehavior.allowList(...API_FORWARDED_HEADERS),
    queryStringBehavior: OriginRequestQueryStringBehavior.all(),
    // The browser sends it to /api/auth only (its Path); it never enters the cache key.
    cookieBehavior: OriginRequestCookieBehavior.allowList(DEVICE_COOKIE),
  });
  const toApi = (methods: AllowedMethods): BehaviorOptions => ({
    origin: apiOrigin,
    viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
    allowedMethods: methods,
    cachedMethods: CachedMethods.CACHE_GET_HEAD,
    cachePolicy: apiCache,
    originRequestPolicy: apiOriginRequest,
    responseHeadersPolicy: headers,
    compress: true,
  });
  // A route that reads more of the request than the API's usual headers (the page-view beacon:
  // the viewer's country, Sec-GPC, the mobile hint) has a behaviour of its own that forwards them,
  // so no other route sees them (RouteEntry.viewerHeaders, docs/decisions/0400-first-party-page-views.md).
  const viewerHeaderBehaviors = Object.fromEntries(
    routes
      .filter((entry) => entry.viewerHeaders?.length)
      .map((entry) => [
        pathPattern(entry),
        {
          ...toApi(AllowedMethods.ALLOW_ALL),
          originRequestPolicy: new OriginRequestPolicy(stack, `OriginRequest-${entry.name}`, {
            comment: `${entry.name}: the API's headers and ${entry.viewerHeaders!.join(", ")}`,
            headerBehavior: OriginRequestHeaderBehavior.allowList(...API_FORWARDED_HEADERS, ...entry.viewerHeaders!),
            queryStringBehavior: OriginRequestQueryStringBehavior.none(),
            cookieBehavior: OriginRequestCookieBehavior.none(),
          }),
        } satisfies BehaviorOptions,
      ]),
  );
  // Images, originals and variants alike: read-only, cached as their immutable keys allow, and
  // already compressed (docs/decisions/0072-media-on-aws.md).
  const mediaBehavior = {
    viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
    allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
    cachedMethods: CachedMethods.CACHE_GET_HEAD,
    cachePolicy: CachePolicy.CACHING_OPTIMIZED,
    responseHeadersPolicy: headers,
    compress: false,
  };
  // One behaviour per page route, or per path for a route that lists its paths (RouteEntry.paths);
  // those under /media/ (the generated social cards) come before the bucket's `/media/*`.
  const allPageBehaviors = Object.fromEntries(
    routes
      .filter((entry) => entry.kind === "page")
      .flatMap((entry) =>
        (entry.paths ?? [pathPattern(entry)]).map((pattern) => [
          pattern,
          entry.uncached
            ? { ...toApi(AllowedMethods.ALLOW_GET_HEAD), cachePolicy: CachePolicy.CACHING_DISABLED }
            : toApi(AllowedMethods.ALLOW_GET_HEAD),
        ]),
      ),
  );
  const underMedia = ([pattern]: [string, unknown]) => pattern.startsWith("/media/");
  const mediaPageBehaviors = Object.fromEntries(Object.entries(allPageBehaviors).filter(underMedia));
  const pageBehaviors = Object.fromEntries(Object.entries(allPageBehaviors).filter((entry) => !underMedia(entry)));

  // Originals leave without their metadata, those stored before that rule too: CloudFront
  // reads them through a streaming function that strips them on read, never straight from the
  // bucket (docs/decisions/0100-images-without-metadata.md). Variants are clean when made.
  const originals = new SstFunction(
    stack,
    "MediaOriginals",
    withImageProcessing(
      { name: "media-originals", media: "process" },
      {
        ...BASE_FUNCTION,
        handler: ORIGINALS_HANDLER,
        environment: { MEDIA_BUCKET: mediaBucket },
        // Like every function behind CloudFront: a request without CloudFront's origin secret is refused.
        bind: [originSecret],
        permissions: [
          new PolicyStatement({
            effect: Effect.ALLOW,
            actions: ["s3:GetObject"],
            resources: [`arn:aws:s3:::${mediaBucket}/media/*/original.*`],
          }),
        ],
      },
    ),
  );
  const originalsUrl = originals.addFunctionUrl({
    authType: FunctionUrlAuthType.NONE,
    invokeMode: InvokeMode.RESPONSE_STREAM,
  });

  // The S3 origin's URL map, for the default behaviour and the admin's alike.
  const siteFunctions = [
    {
      eventType: FunctionEventType.VIEWER_REQUEST,
      function: new CloudFrontFunction(stack, "ViewerRequest", {
        comment: "Aliases and unprefixed paths redirect; pages to index.html; admin to the app shell",
        runtime: FunctionRuntime.JS_2_0,
        code: FunctionCode.fromInline(viewerRequestCode({ crmSignInUrl })),
      }),
    },
    {
      eventType: FunctionEventType.VIEWER_RESPONSE,
      function: new CloudFrontFunction(stack, "ViewerResponse", {
        comment: "A language's 404 page is answered with status 404",
        runtime: FunctionRuntime.JS_2_0,
        code: FunctionCode.fromInline(viewerResponseCode()),
      }),
    },
  ];

  const site = new StaticSite(stack, "Site", {
    path: web.path,
    buildCommand: web.buildCommand,
    buildOutput: web.buildOutput,
    // The pages' absolute URLs (canonical, hreflang, Open Graph) are the functions' SITE_URL.
    ...(deployedSiteUrl(settings) ? { environment: { VITE_SITE_URL: deployedSiteUrl(settings)! } } : {}),
    // SST writes a Vite env typing file for the site; keep it out of the sources.
    vite: { types: path.relative(path.resolve(REPO_ROOT, web.path), path.join(REPO_ROOT, ".sst/web-env.d.ts")) },
    assets: { fileOptions: CACHE_CONTROL_BY_GLOB.map(({ files, cacheControl }) => ({ files, cacheControl })) },
    customDomain: settings.SITE_DOMAIN
      ? settings.SITE_HOSTED_ZONE
        ? { domainName: settings.SITE_DOMAIN, hostedZone: settings.SITE_HOSTED_ZONE }
        : {
            domainName: settings.SITE_DOMAIN,
            isExternalDomain: true,
            cdk: {
              certificate: Certificate.fromCertificateArn(stack, "Certificate", settings.SITE_CERTIFICATE_ARN ?? ""),
            },
          }
      : undefined,
    cdk: {
      bucket: { enforceSSL: true },
      distribution: {
        comment: `CodCRM site (${app.stage})`,
        minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
        httpVersion: HttpVersion.HTTP2_AND_3,
        // S3 answers 403 for a key it does not have (CloudFront may not list the bucket):
        // that is the 404 page with a real 404. The API never answers 403 through CloudFront,
        // and its 404s pass through untouched (only 403 is mapped).
        errorResponses: [
          {
            httpStatus: 403,
            responseHttpStatus: 404,
            responsePagePath: settings.NOT_FOUND_PAGE,
            ttl: Duration.minutes(1),
          },
        ],
        defaultBehavior: {
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: headers,
          compress: true,
          functionAssociations: siteFunctions,
        },
        additionalBehaviors: {
          // Before `/api/*`: CloudFront takes the first pattern that matches.
          ...viewerHeaderBehaviors,
          "/api/*": toApi(AllowedMethods.ALLOW_ALL),
          // Before `/media/*`: CloudFront takes the first pattern that matches.
          ...mediaPageBehaviors,
          // First: CloudFront takes the first pattern that matches.
          [ORIGINALS_PATH_PATTERN]: {
            origin: new FunctionUrlOrigin(originalsUrl, {
              customHeaders: { [ORIGIN_VERIFY_HEADER]: originSecretRead.getResponseField("Parameter.Value") },
            }),
            ...mediaBehavior,
          },
          // Checked article images (docs/decisions/0072-media-on-aws.md): immutable keys, cached a year.
          "/media/*": {
            // Imported by name: the bucket's policy (Media stack) already lets this account's
            // distributions read media/*, so this stack need not rewrite it.
            origin: S3BucketOrigin.withOriginAccessControl(Bucket.fromBucketName(stack, "MediaBucketRef", mediaBucket)),
            ...mediaBehavior,
          },
          // The admin's documents: the app shell from the bucket, with the headers that also cut
          // their window handles to other sites; public pages do not pay for them
          // (docs/decisions/0199-opener-isolation-on-the-admin-only.md). Before the page routes:
          // `/admin/blog/{id}` also matches their `/*/blog/*`.
          ...Object.fromEntries(
            ADMIN_PATH_PATTERNS.map((pattern) => [
              pattern,
              {
                origin: new SiteBucketOrigin(),
                viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
                cachePolicy: CachePolicy.CACHING_OPTIMIZED,
                responseHeadersPolicy: adminHeaders,
                compress: true,
                functionAssociations: siteFunctions,
              } satisfies BehaviorOptions,
            ]),
          ),
          ...pageBehaviors,
        },
      },
    },
  });

  const distribution = site.cdk!.distribution;
  // Article writes invalidate the published pages (docs/decisions/0087-changes-live-at-once.md):
  // only their functions, only this distribution. The id reaches them through SSM.
  new StringParameter(stack, "CdnDistributionId", {
    parameterName: cdnParameterName(app.name, app.stage),
    stringValue: distribution.distributionId,
    description: "The site's CloudFront distribution, for the functions that invalidate it",
  });
  const writers = routes.filter((entry) => entry.invalidatesCdn);
  if (writers.length > 0) {
    new Policy(stack, "CdnInvalidation", {
      statements: [
        new PolicyStatement({
          effect: Effect.ALLOW,
          actions: ["cloudfront:CreateInvalidation"],
          resources: [`arn:aws:cloudfront::${stack.account}:distribution/${distribution.distributionId}`],
        }),
      ],
      roles: writers.map((entry) => api.getFunction(routeKey(entry))!.role!),
    });
  }

  const functionAlarmNames = functionErrorAlarms(stack, topic, [{ name: "media-originals", fn: originals }]);

  acceptWebFindings(stack, site, { customDomain: Boolean(settings.SITE_DOMAIN) });
  stack.addOutputs({ SiteUrl: site.customDomainUrl ?? site.url ?? "" });
  return { site, functionAlarmNames };
}
