import type { Stack } from "aws-cdk-lib";
import { NagSuppressions } from "cdk-nag";
import type { IConstruct } from "constructs";

/**
 * cdk-nag (AwsSolutions) findings accepted on purpose, each with its reason. The synth tests
 * run the checks and fail on any finding that is neither fixed nor listed here.
 */
export function acceptCommonFindings(stack: Stack): void {
  NagSuppressions.addStackSuppressions(stack, [
    {
      id: "AwsSolutions-IAM4",
      reason: "AWSLambdaBasicExecutionRole only lets a function write its own CloudWatch logs.",
      appliesTo: ["Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole"],
    },
    {
      id: "AwsSolutions-L1",
      reason:
        "Our functions run nodejs22.x on purpose (the LTS the code targets); SST and CDK helper functions pick their own runtime.",
    },
  ]);
}

export function acceptApiFindings(stack: Stack, api: IConstruct): void {
  acceptCommonFindings(stack);
  NagSuppressions.addResourceSuppressions(
    api,
    [
      {
        id: "AwsSolutions-APIG4",
        reason:
          "Public routes are public by design; admin routes check the bearer token in the handler (route table `auth`), and only CloudFront may call the API (origin header).",
      },
      {
        id: "AwsSolutions-IAM5",
        reason:
          "Query on the table's own indexes (their names come from the table design); no other table is reachable.",
        appliesTo: [
          { regex: "/^Resource::<Table[0-9A-F]*\\.Arn>\\/index\\/\\*$/g" },
          // A table restored from point-in-time recovery, named by RESTORED_TABLE_NAME (stacks/Database.ts).
          {
            regex: "/^Resource::arn:<AWS::Partition>:dynamodb:[a-z0-9-]+:\\d+:table\\/[A-Za-z0-9_.-]+\\/index\\/\\*$/g",
          },
        ],
      },
      {
        id: "AwsSolutions-IAM5",
        reason:
          "SES authorizes sending per identity; the statement is limited to the configured sender address by the ses:FromAddress condition.",
        appliesTo: [{ regex: "/^Resource::arn:aws:ses:[a-z0-9-]+:\\d+:identity\\/\\*$/g" }],
      },
      {
        id: "AwsSolutions-IAM5",
        reason:
          "Media functions reach objects by key prefix only: uploads/* (unchecked files), media/* (checked images) or media/cards/* (the articles' generated social cards) of the media bucket.",
        appliesTo: [{ regex: "/^Resource::<MediaBucket[0-9A-F]*\\.Arn>\\/(uploads|media|media\\/cards)\\/\\*$/g" }],
      },
    ],
    true,
  );
  NagSuppressions.addStackSuppressions(stack, [
    {
      id: "AwsSolutions-IAM5",
      reason: "CDK's log-retention helper sets retention on log groups whose names it only learns at deployment.",
      appliesTo: ["Resource::*"],
    },
  ]);
}

export function acceptWebFindings(stack: Stack, site: IConstruct, options: { customDomain: boolean }): void {
  acceptCommonFindings(stack);
  NagSuppressions.addResourceSuppressions(
    site,
    [
      {
        id: "AwsSolutions-S1",
        reason:
          "The bucket only holds the public build, read by CloudFront alone; CloudFront logs would be the place to audit.",
      },
      { id: "AwsSolutions-CFR1", reason: "A public marketing site for several countries: no geo restriction wanted." },
      {
        id: "AwsSolutions-CFR2",
        reason:
          "No WAF: its fixed monthly cost exceeds the site's; the API is throttled and login attempts are limited per client.",
      },
      {
        id: "AwsSolutions-CFR3",
        reason: "Standard logs would store visitors' addresses and cost storage; enable them for an investigation.",
      },
      {
        id: "AwsSolutions-CFR7",
        reason: "SST v2's StaticSite reaches its private bucket through an origin access identity (OAI), not OAC.",
      },
      ...(options.customDomain
        ? []
        : [
            {
              id: "AwsSolutions-CFR4",
              reason:
                "Without a custom domain CloudFront's default certificate is used, whose TLS policy cannot be chosen (TLSv1.2_2021 applies with a domain).",
            },
          ]),
    ],
    true,
  );
  // SST creates the uploader's policy after the stack function returns: suppressed per stack.
  NagSuppressions.addStackSuppressions(stack, [
    {
      id: "AwsSolutions-IAM5",
      reason:
        "The originals function reads uploaded originals only (media/*/original.*), the one key pattern it serves; CDK's log-retention helper learns log group names at deployment.",
      appliesTo: [{ regex: "/^Resource::arn:aws:s3:::[a-z0-9.-]+\\/media\\/\\*\\/original\\.\\*$/g" }, "Resource::*"],
    },
    {
      id: "AwsSolutions-IAM5",
      reason:
        "SST's uploader copies the build from the CDK asset bucket into the site bucket: object-level wildcards on those two buckets only.",
      appliesTo: [
        { regex: "/^Resource::arn:<AWS::Partition>:s3:::cdk-[a-z0-9]+-assets-\\d+-[a-z0-9-]+\\/\\*$/g" },
        { regex: "/^Resource::<SiteS3Bucket[0-9A-F]+\\.Arn>\\/\\*$/g" },
      ],
    },
  ]);
}
