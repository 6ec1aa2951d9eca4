import { Stack } from "aws-cdk-lib";
import { Effect, PolicyStatement, ServicePrincipal } from "aws-cdk-lib/aws-iam";
import { Key } from "aws-cdk-lib/aws-kms";
import { ConfigurationSet, EmailSendingEvent, EventDestination, SuppressionReasons } from "aws-cdk-lib/aws-ses";
import { Topic } from "aws-cdk-lib/aws-sns";
import { LambdaSubscription } from "aws-cdk-lib/aws-sns-subscriptions";
import { Function as SstFunction, type FunctionProps } from "sst/constructs";

/** The function that reads SES's bounce and complaint events, relative to the repository root. */
export const SES_EVENTS_HANDLER = "packages/functions/src/events/ses-events";

/**
 * Bounces and complaints of reader mail (docs/decisions/0167-bounces-and-complaints.md): reader
 * mail is sent with this configuration set; its event destination publishes hard and soft
 * bounces and complaints to an encrypted SNS topic; the topic invokes one function, which may
 * only update the table's items (`access: ["UpdateItem"]`) and trusts only this topic's
 * messages. SES's own account suppression list is asked to act on the same events too.
 */
export function readerMailEvents(
  stack: Stack,
  functionProps: (extra: Record<string, string>) => FunctionProps,
): { configurationSet: ConfigurationSet; topic: Topic; handler: SstFunction } {
  const configurationSet = new ConfigurationSet(stack, "ReaderMail", {
    suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
  });
  // SES publishes into an encrypted topic only with a key whose policy lets SES use it.
  const key = new Key(stack, "SesEventsKey", {
    description: "Encrypts the SES bounce and complaint events of reader mail.",
    enableKeyRotation: true,
  });
  key.addToResourcePolicy(
    new PolicyStatement({
      effect: Effect.ALLOW,
      principals: [new ServicePrincipal("ses.amazonaws.com")],
      actions: ["kms:GenerateDataKey*", "kms:Decrypt"],
      resources: ["*"],
      conditions: { StringEquals: { "aws:SourceAccount": stack.account } },
    }),
  );
  const topic = new Topic(stack, "SesEvents", { masterKey: key, enforceSSL: true });
  configurationSet.addEventDestination("BouncesAndComplaints", {
    destination: EventDestination.snsTopic(topic),
    events: [EmailSendingEvent.BOUNCE, EmailSendingEvent.COMPLAINT],
  });
  const handler = new SstFunction(stack, "SesEventsHandler", {
    handler: `${SES_EVENTS_HANDLER}.handler`,
    ...functionProps({ SES_EVENTS_TOPIC_ARN: topic.topicArn }),
  });
  topic.addSubscription(new LambdaSubscription(handler));
  return { configurationSet, topic, handler };
}
