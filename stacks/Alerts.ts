import { PolicyStatement } from "aws-cdk-lib/aws-iam";
import { Topic } from "aws-cdk-lib/aws-sns";
import { EmailSubscription } from "aws-cdk-lib/aws-sns-subscriptions";
import {
  AwsCustomResource,
  AwsCustomResourcePolicy,
  PhysicalResourceId,
  PhysicalResourceIdReference,
  type AwsSdkCall,
} from "aws-cdk-lib/custom-resources";
import { NagSuppressions } from "cdk-nag";
import type { StackContext } from "sst/constructs";
import { acceptCommonFindings } from "./nag-suppressions.ts";
import { stackConfig } from "./stack-config.ts";

/**
 * CloudFront publishes its metrics in us-east-1 only, and an alarm watches metrics of its own
 * region only. SST v2 deploys every stack to the app's region, so the CloudFront alarm and the
 * topic it notifies are made in us-east-1 by SDK calls from the stacks (AwsCustomResource), as
 * SST itself reaches us-east-1 for edge functions (docs/decisions/0303-alarms-and-dashboard.md).
 */
export const EDGE_REGION = "us-east-1";

/** The CloudWatch alarm and dashboard console of a stage, for the runbook and the notifications. */
export function consoleUrl(region: string, path: string): string {
  return `https://${region}.console.aws.amazon.com/cloudwatch/home?region=${region}#${path}`;
}

/**
 * Where the alarms go (first stack of the app: every other stack's alarms notify it): an SNS
 * topic in the stage's region and its twin in us-east-1 for the CloudFront alarm, each with an
 * e-mail subscription to `ALARM_EMAIL` when it is set (AWS mails a confirmation link to it,
 * once per topic: both must be confirmed).
 */
export function Alerts({ stack, app }: StackContext) {
  const { settings } = stackConfig();
  const topicName = app.logicalPrefixedName("alarms");
  const displayName = `CodCRM ${app.stage} alarms`;
  // Alarm notifications carry alarm names and figures, nothing personal: SNS's default
  // encryption at rest would need a key of our own that CloudWatch may use (cdk-nag SNS2 below).
  const topic = new Topic(stack, "AlarmTopic", { topicName, displayName, enforceSSL: true });
  if (settings.ALARM_EMAIL) topic.addSubscription(new EmailSubscription(settings.ALARM_EMAIL));

  const edgeTopicArn = `arn:aws:sns:${EDGE_REGION}:${stack.account}:${topicName}`;
  // CreateTopic is idempotent: the same name and attributes answer the same topic.
  const createTopic: AwsSdkCall = {
    service: "SNS",
    action: "CreateTopic",
    region: EDGE_REGION,
    parameters: { Name: topicName, Attributes: { DisplayName: displayName } },
    physicalResourceId: PhysicalResourceId.of(edgeTopicArn),
  };
  const edgeTopic = new AwsCustomResource(stack, "EdgeAlarmTopic", {
    onCreate: createTopic,
    onUpdate: createTopic,
    onDelete: {
      service: "SNS",
      action: "DeleteTopic",
      region: EDGE_REGION,
      parameters: { TopicArn: edgeTopicArn },
      ignoreErrorCodesMatching: "NotFound",
    },
    policy: AwsCustomResourcePolicy.fromStatements([
      new PolicyStatement({ actions: ["sns:CreateTopic", "sns:DeleteTopic"], resources: [edgeTopicArn] }),
    ]),
    installLatestAwsSdk: false,
  });
  if (settings.ALARM_EMAIL) {
    // A new address is a new subscription (its ARN, answered even before it is confirmed); the
    // old one is then deleted.
    const subscribe: AwsSdkCall = {
      service: "SNS",
      action: "Subscribe",
      region: EDGE_REGION,
      parameters: {
        TopicArn: edgeTopicArn,
        Protocol: "email",
        Endpoint: settings.ALARM_EMAIL,
        ReturnSubscriptionArn: true,
      },
      physicalResourceId: PhysicalResourceId.fromResponse("SubscriptionArn"),
    };
    const subscription = new AwsCustomResource(stack, "EdgeAlarmEmail", {
      onCreate: subscribe,
      onUpdate: subscribe,
      onDelete: {
        service: "SNS",
        action: "Unsubscribe",
        region: EDGE_REGION,
        parameters: { SubscriptionArn: new PhysicalResourceIdReference() },
        ignoreErrorCodesMatching: "NotFound|InvalidParameter",
      },
      policy: AwsCustomResourcePolicy.fromStatements([
        new PolicyStatement({ actions: ["sns:Subscribe", "sns:Unsubscribe"], resources: [edgeTopicArn] }),
      ]),
      installLatestAwsSdk: false,
    });
    subscription.node.addDependency(edgeTopic);
  }

  acceptCommonFindings(stack);
  NagSuppressions.addResourceSuppressions(topic, [
    {
      id: "AwsSolutions-SNS2",
      reason:
        "Alarm notifications carry alarm names and figures only; encrypting them would need a customer key CloudWatch may use, for nothing secret.",
    },
  ]);
  return { topic, edgeTopicArn };
}
