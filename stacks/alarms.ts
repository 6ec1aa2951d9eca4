import { Duration, type Stack } from "aws-cdk-lib";
import { Alarm, ComparisonOperator, TreatMissingData, type AlarmProps, type IMetric } from "aws-cdk-lib/aws-cloudwatch";
import { SnsAction } from "aws-cdk-lib/aws-cloudwatch-actions";
import type { IFunction } from "aws-cdk-lib/aws-lambda";
import type { ITopic } from "aws-cdk-lib/aws-sns";
import type { Construct } from "constructs";
import type { App } from "sst/constructs";

/**
 * The alarms' thresholds, in one place (docs/decisions/0303-alarms-and-dashboard.md; what each
 * alarm means and what to do: docs/runbook.md, "Alarms").
 */
export const ALARMS = {
  /** A function's errors (unhandled exceptions, time-outs, crashes) in 5 minutes. */
  functionErrors: { threshold: 1, period: Duration.minutes(5) },
  /** Invocations Lambda refused for lack of concurrency, any function of the account and region, in 5 minutes. */
  lambdaThrottles: { threshold: 1, period: Duration.minutes(5) },
  /** Percentage of the API's answers that are 5xx, 2 of 3 periods of 5 minutes. */
  api5xxPercent: { threshold: 5, period: Duration.minutes(5) },
  /** CloudFront's 5xx error rate (percentage of all answers), 2 of 3 periods of 5 minutes. */
  cloudFront5xxPercent: { threshold: 5, period: Duration.minutes(5) },
  /** DynamoDB requests throttled, any operation the code uses, in 5 minutes. */
  tableThrottles: { threshold: 1, period: Duration.minutes(5) },
  /**
   * SES's reputation rates (a fraction: 0.02 is 2 %), before AWS's own review thresholds (5 %
   * bounces, 0.1 % complaints) and far before a pause (10 %, 0.5 %).
   */
  sesBounceRate: { threshold: 0.02, period: Duration.hours(1) },
  sesComplaintRate: { threshold: 0.0005, period: Duration.hours(1) },
  /** A delivery channel with items due and nothing delivered for this long is stalled. */
  deliveryStalled: { period: Duration.minutes(30) },
  /** A lead not delivered this long after it was received (seconds). */
  oldestUndeliveredLead: { threshold: 3600, period: Duration.minutes(5) },
} as const;

/** An alarm's name: the stage and app first (`prod-codcrm-site-…`), as SST names stacks, so one stage's alarms list together. */
export function alarmName(scope: Construct, key: string): string {
  return (scope.node.root as App).logicalPrefixedName(key);
}

/** An alarm that notifies the topic when it goes into alarm and when it is OK again. */
export function notifyingAlarm(
  scope: Construct,
  id: string,
  topic: ITopic,
  props: Omit<AlarmProps, "alarmName"> & { key: string },
): Alarm {
  const { key, ...rest } = props;
  const alarm = new Alarm(scope, id, { alarmName: alarmName(scope, key), ...rest });
  alarm.addAlarmAction(new SnsAction(topic));
  alarm.addOkAction(new SnsAction(topic));
  return alarm;
}

/** `metric` at or above `threshold` in one period. */
export function atLeast(metric: IMetric, threshold: number) {
  return {
    metric,
    threshold,
    evaluationPeriods: 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
  };
}

/** An alarm on a count: `threshold` or more in one period; a period without data is a quiet one. */
export function countAlarm(
  scope: Construct,
  id: string,
  topic: ITopic,
  alarm: { key: string; description: string; metric: IMetric; threshold: number },
): Alarm {
  return notifyingAlarm(scope, id, topic, {
    key: alarm.key,
    alarmDescription: alarm.description,
    ...atLeast(alarm.metric, alarm.threshold),
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
}

/**
 * One alarm per function on its errors, in the stack that holds the function: an alarm in
 * another stack would import the function's name from this one, and removing the function
 * would then fail the deployment (CloudFormation keeps an export while it is imported).
 * Answers the alarms' names, which the dashboard lists.
 */
export function functionErrorAlarms(
  stack: Stack,
  topic: ITopic,
  functions: readonly { name: string; fn: IFunction }[],
): string[] {
  return functions.map(({ name, fn }) => {
    countAlarm(stack, `Errors-${name}`, topic, {
      key: `errors-${name}`,
      description: `The function ${name} failed (an exception it did not handle, a time-out or a crash) at least once in 5 minutes. Runbook: docs/runbook.md, "A function fails".`,
      metric: fn.metricErrors({ period: ALARMS.functionErrors.period, statistic: "Sum" }),
      threshold: ALARMS.functionErrors.threshold,
    });
    return alarmName(stack, `errors-${name}`);
  });
}
