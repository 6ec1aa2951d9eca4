import { CloudFrontClient, CreateInvalidationCommand } from "@aws-sdk/client-cloudfront";
import { GetParameterCommand, SSMClient } from "@aws-sdk/client-ssm";
import { LANGUAGES } from "../site/languages.ts";

/**
 * What a change to an article may alter on the public site, as CloudFront invalidation paths
 * (docs/decisions/0087-changes-live-at-once.md): every blog page of every language (lists,
 * categories, articles under current and former slugs, aliases, feeds: an article shows in
 * other languages' lists and pages as a translation), the public articles API (the landing's
 * latest articles, the lists) and the sitemap. Wildcards: a handful of paths per write,
 * whatever the article's slugs, so one request stays inside the free monthly paths.
 */
export const PUBLISHED_CONTENT_PATHS: readonly string[] = [
  ...LANGUAGES.map((language) => `/${language}/blog*`),
  "/api/articles*",
  "/sitemap.xml",
];

/** Tells the CDN to drop what it keeps of the published content. */
export interface CdnInvalidator {
  invalidate(paths: readonly string[], reference: string): Promise<void>;
}

/** Locally there is no CDN: the process forgets its kept reads on every write instead. */
export const noCdn: CdnInvalidator = { invalidate: async () => {} };

/**
 * CloudFront. The distribution's id is read once from an SSM parameter the web stack writes
 * (the API stack is deployed before the distribution exists, so it cannot be given the id).
 */
export class CloudFrontInvalidator implements CdnInvalidator {
  private distributionId: Promise<string> | undefined;

  private readonly cloudFront: CloudFrontClient;
  private readonly ssm: SSMClient;

  /** `region`: where the parameter is (the functions' own region); CloudFront's API lives in us-east-1. */
  constructor(
    private readonly parameterName: string,
    region: string,
  ) {
    this.cloudFront = new CloudFrontClient({ region: "us-east-1" });
    this.ssm = new SSMClient({ region });
  }

  private distribution(): Promise<string> {
    this.distributionId ??= this.ssm.send(new GetParameterCommand({ Name: this.parameterName })).then(
      ({ Parameter }) => {
        if (!Parameter?.Value) throw new Error(`SSM parameter ${this.parameterName} has no value`);
        return Parameter.Value;
      },
      (error: unknown) => {
        this.distributionId = undefined;
        throw error;
      },
    );
    return this.distributionId;
  }

  async invalidate(paths: readonly string[], reference: string): Promise<void> {
    await this.cloudFront.send(
      new CreateInvalidationCommand({
        DistributionId: await this.distribution(),
        InvalidationBatch: { CallerReference: reference, Paths: { Quantity: paths.length, Items: [...paths] } },
      }),
    );
  }
}
