import { CloudFrontClient, CreateInvalidationCommand } from "@aws-sdk/client-cloudfront";
import { GetParameterCommand, SSMClient } from "@aws-sdk/client-ssm";
import type { CdnInvalidator } from "./cdn-invalidation.ts";

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
