import { Duration, Stack } from "aws-cdk-lib";
import {
  Alarm,
  AlarmStatusWidget,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  SearchExpression,
  TextWidget,
  TreatMissingData,
  type IMetric,
} from "aws-cdk-lib/aws-cloudwatch";
import { PolicyStatement } from "aws-cdk-lib/aws-iam";
import type { Operation } from "aws-cdk-lib/aws-dynamodb";
import {
  AwsCustomResource,
  AwsCustomResourcePolicy,
  PhysicalResourceId,
  type AwsSdkCall,
} from "aws-cdk-lib/custom-resources";
import type { Construct } from "constructs";
import { getStack, use, type StackContext } from "sst/constructs";
import { DELIVERY_CHANNELS, DELIVERY_METRICS, type DeliveryChannel } from "@codcrm/core/lead/delivery-report";
import { tableActions } from "@codcrm/functions/routes";
import { Alerts, EDGE_REGION, consoleUrl } from "./Alerts.ts";
import { ALARMS, alarmName, atLeast, countAlarm, notifyingAlarm } from "./alarms.ts";
import { Api } from "./Api.ts";
import { AdminApi } from "./AdminApi.ts";
import { StaffApi } from "./StaffApi.ts";
import { Database } from "./Database.ts";
import { acceptCommonFindings } from "./nag-suppressions.ts";
import { deployedJobs, stackConfig } from "./stack-config.ts";
import { Web } from "./Web.ts";

/** The custom metric of one delivery channel (docs/decisions/0302-delivery-metrics.md). */
function deliveryMetric(
  stage: string,
  channel: DeliveryChannel,
  name: string,
  statistic: string,
  period: Duration,
): Metric {
  return new Metric({
    namespace: DELIVERY_METRICS.namespace,
    metricName: name,
    dimensionsMap: { Stage: stage, Channel: channel },
    statistic,
    period,
  });
}

/** The table operations the code uses (the route table's and the jobs' grants), for the throttling alarm. */
function tableOperations(): Operation[] {
  const config = stackConfig();
  const used = new Set([...config.routes, ...deployedJobs(config)].flatMap((entry) => tableActions(entry)));
  // The bounce function's one update (stacks/MailEvents.ts).
  used.add("UpdateItem");
  return [...used].sort() as Operation[];
}

/**
 * An alarm in us-east-1, put there by an SDK call at deployment (and deleted with the stack):
 * for CloudFront's metrics, which exist only there.
 */
function edgeAlarm(
  scope: Construct,
  id: string,
  alarm: {
    key: string;
    description: string;
    namespace: string;
    metricName: string;
    dimensions: Record<string, string>;
    statistic: "Average" | "Sum" | "Maximum";
    period: Duration;
    evaluationPeriods: number;
    datapointsToAlarm: number;
    threshold: number;
    topicArn: string;
  },
): AwsCustomResource {
  const name = alarmName(scope, alarm.key);
  const alarmArn = `arn:aws:cloudwatch:${EDGE_REGION}:${Stack.of(scope).account}:alarm:${name}`;
  const put: AwsSdkCall = {
    service: "CloudWatch",
    action: "PutMetricAlarm",
    region: EDGE_REGION,
    parameters: {
      AlarmName: name,
      AlarmDescription: alarm.description,
      ActionsEnabled: true,
      AlarmActions: [alarm.topicArn],
      OKActions: [alarm.topicArn],
      Namespace: alarm.namespace,
      MetricName: alarm.metricName,
      Dimensions: Object.entries(alarm.dimensions).map(([Name, Value]) => ({ Name, Value })),
      Statistic: alarm.statistic,
      Period: alarm.period.toSeconds(),
      EvaluationPeriods: alarm.evaluationPeriods,
      DatapointsToAlarm: alarm.datapointsToAlarm,
      Threshold: alarm.threshold,
      ComparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      TreatMissingData: TreatMissingData.NOT_BREACHING,
    },
    physicalResourceId: PhysicalResourceId.of(name),
  };
  return new AwsCustomResource(scope, id, {
    onCreate: put,
    onUpdate: put,
    onDelete: {
      service: "CloudWatch",
      action: "DeleteAlarms",
      region: EDGE_REGION,
      parameters: { AlarmNames: [name] },
    },
    policy: AwsCustomResourcePolicy.fromStatements([
      new PolicyStatement({ actions: ["cloudwatch:PutMetricAlarm", "cloudwatch:DeleteAlarms"], resources: [alarmArn] }),
    ]),
    installLatestAwsSdk: false,
  });
}

/**
 * The stage's alarms that watch no single function (last stack: it reads what the others made,
 * by ids that never change — the API's, the table's, the distribution's), and its one dashboard.
 * Each function's error alarm lives with the function (stacks/alarms.ts). What each alarm means
 * and what to do: docs/runbook.md, "Alarms".
 */
export function Monitoring({ stack, app }: StackContext) {
  const { topic, edgeTopicArn } = use(Alerts);
  const { table } = use(Database);
  const { api, functionAlarmNames: routeFunctionAlarms } = use(Api);
  const { functionAlarmNames: adminFunctionAlarms } = use(AdminApi);
  const { functionAlarmNames: staffFunctionAlarms } = use(StaffApi);
  const apiFunctionAlarms = [...routeFunctionAlarms, ...adminFunctionAlarms, ...staffFunctionAlarms];
  const { site, functionAlarmNames: webFunctionAlarms } = use(Web);
  const { settings } = stackConfig();
  const httpApi = api.cdk.httpApi;
  const distributionId = site.cdk!.distribution.distributionId;
  const alarms: Alarm[] = [];
  const add = (alarm: Alarm) => (alarms.push(alarm), alarm);

  // Any function of the account and region: throttling comes from the account's concurrency,
  // which every stage in it shares.
  const throttles = new Metric({
    namespace: "AWS/Lambda",
    metricName: "Throttles",
    statistic: "Sum",
    period: ALARMS.lambdaThrottles.period,
  });
  add(
    countAlarm(stack, "LambdaThrottles", topic, {
      key: "lambda-throttles",
      description:
        'Lambda refused invocations for lack of concurrency (any function of this account and region). Runbook: docs/runbook.md, "Lambda throttles".',
      metric: throttles,
      threshold: ALARMS.lambdaThrottles.threshold,
    }),
  );

  const apiPeriod = ALARMS.api5xxPercent.period;
  const api5xxRate = new MathExpression({
    expression: "IF(requests > 0, 100 * errors / requests, 0)",
    usingMetrics: {
      errors: httpApi.metricServerError({ statistic: "Sum", period: apiPeriod }),
      requests: httpApi.metricCount({ statistic: "Sum", period: apiPeriod }),
    },
    label: "API 5xx (% of requests)",
    period: apiPeriod,
  });
  add(
    notifyingAlarm(stack, "Api5xx", topic, {
      key: "api-5xx-rate",
      alarmDescription: `More than ${ALARMS.api5xxPercent.threshold} % of the API's answers were 5xx in 2 of 3 periods of 5 minutes. Runbook: docs/runbook.md, "API 5xx rate".`,
      metric: api5xxRate,
      threshold: ALARMS.api5xxPercent.threshold,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 3,
      datapointsToAlarm: 2,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    }),
  );

  const tableThrottles = table.cdk.table.metricThrottledRequestsForOperations({
    operations: tableOperations(),
    period: ALARMS.tableThrottles.period,
  });
  add(
    countAlarm(stack, "TableThrottles", topic, {
      key: "table-throttles",
      description:
        'DynamoDB throttled requests to the table (any operation the code uses) in 5 minutes. Runbook: docs/runbook.md, "DynamoDB throttling".',
      metric: tableThrottles,
      threshold: ALARMS.tableThrottles.threshold,
    }),
  );

  // SES reports its account's reputation about hourly; between reports the alarm keeps its state.
  const sesRate = (metricName: string, period: Duration) =>
    new Metric({ namespace: "AWS/SES", metricName, statistic: "Maximum", period });
  const sesAlarms =
    settings.MAIL_TRANSPORT === "ses"
      ? [
          {
            id: "SesBounceRate",
            key: "ses-bounce-rate",
            metricName: "Reputation.BounceRate",
            what: "bounce",
            review: "5 % and may pause it at 10 %",
            ...ALARMS.sesBounceRate,
          },
          {
            id: "SesComplaintRate",
            key: "ses-complaint-rate",
            metricName: "Reputation.ComplaintRate",
            what: "complaint",
            review: "0.1 % and may pause it at 0.5 %",
            ...ALARMS.sesComplaintRate,
          },
        ].map(({ id, key, metricName, what, review, threshold, period }) =>
          add(
            notifyingAlarm(stack, id, topic, {
              key,
              alarmDescription: `SES's ${what} rate for the account is over ${threshold * 100} % (AWS reviews an account at ${review}). Runbook: docs/runbook.md, "SES bounce or complaint rate".`,
              metric: sesRate(metricName, period),
              threshold,
              comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
              evaluationPeriods: 1,
              treatMissingData: TreatMissingData.IGNORE,
            }),
          ),
        )
      : [];

  // Every delivery channel, the webhook's too before its job exists: its alarms wait for its metrics.
  const channels = Object.keys(DELIVERY_CHANNELS) as DeliveryChannel[];
  const stalledPeriod = ALARMS.deliveryStalled.period;
  for (const channel of channels) {
    add(
      notifyingAlarm(stack, `Stalled-${channel}`, topic, {
        key: `delivery-stalled-${channel}`,
        alarmDescription: `The ${channel} channel had items due at every run for ${stalledPeriod.toMinutes()} minutes and delivered none. Runbook: docs/runbook.md, "A delivery is stalled".`,
        metric: new MathExpression({
          expression: "IF(pending > 0 AND delivered == 0, 1, 0)",
          usingMetrics: {
            pending: deliveryMetric(app.stage, channel, DELIVERY_METRICS.pending, "Minimum", stalledPeriod),
            delivered: deliveryMetric(app.stage, channel, DELIVERY_METRICS.delivered, "Sum", stalledPeriod),
          },
          label: `${channel} stalled`,
          period: stalledPeriod,
        }),
        threshold: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
    );
  }
  const leadChannels = channels.filter((channel) => DELIVERY_CHANNELS[channel].delivers === "leads");
  for (const channel of leadChannels) {
    const { threshold, period } = ALARMS.oldestUndeliveredLead;
    add(
      notifyingAlarm(stack, `OldestLead-${channel}`, topic, {
        key: `oldest-undelivered-lead-${channel}`,
        alarmDescription: `A lead received over ${threshold / 60} minutes ago is not delivered by ${channel} yet (it may be waiting for an administrator's retry). Runbook: docs/runbook.md, "A lead is not delivered".`,
        ...atLeast(
          deliveryMetric(app.stage, channel, DELIVERY_METRICS.oldestUndeliveredAge, "Maximum", period),
          threshold,
        ),
        // The job reports every 15 minutes: between reports the alarm keeps its state.
        treatMissingData: TreatMissingData.IGNORE,
      }),
    );
  }

  // CloudFront, in us-east-1.
  const cloudFrontPeriod = ALARMS.cloudFront5xxPercent.period;
  const cloudFrontDimensions = { DistributionId: distributionId, Region: "Global" };
  edgeAlarm(stack, "CloudFront5xx", {
    key: "cloudfront-5xx-rate",
    description: `More than ${ALARMS.cloudFront5xxPercent.threshold} % of CloudFront's answers were 5xx in 2 of 3 periods of 5 minutes. Runbook: docs/runbook.md, "CloudFront 5xx rate".`,
    namespace: "AWS/CloudFront",
    metricName: "5xxErrorRate",
    dimensions: cloudFrontDimensions,
    statistic: "Average",
    period: cloudFrontPeriod,
    evaluationPeriods: 3,
    datapointsToAlarm: 2,
    threshold: ALARMS.cloudFront5xxPercent.threshold,
    topicArn: edgeTopicArn,
  });

  // The dashboard: the same signals, in the stage's region (CloudFront's graphs read us-east-1).
  const cloudFront = (metricName: string, statistic: string) =>
    new Metric({
      namespace: "AWS/CloudFront",
      metricName,
      dimensionsMap: cloudFrontDimensions,
      statistic,
      period: cloudFrontPeriod,
      region: EDGE_REGION,
    });
  const functionsOf = (metricName: string, stackName: string): IMetric =>
    new SearchExpression({
      // Functions CloudFormation named begin with their stack's name: a partial match of its words.
      expression: `SEARCH('{AWS/Lambda,FunctionName} MetricName="${metricName}" ${stackName}', 'Sum', 300)`,
      label: "",
    });
  const functionAlarms = [...apiFunctionAlarms, ...webFunctionAlarms].map((name, index) =>
    Alarm.fromAlarmName(stack, `FunctionAlarm${index}`, name),
  );
  const perChannel = (name: string, statistic: string, period: Duration) =>
    channels.map((channel) => deliveryMetric(app.stage, channel, name, statistic, period));
  const region = stack.region;
  new Dashboard(stack, "Dashboard", {
    dashboardName: `${app.stage}-${app.name}`,
    defaultInterval: Duration.days(1),
    widgets: [
      [
        new TextWidget({
          markdown: [
            `# CodCRM site, stage ${app.stage}`,
            `Alarms notify the SNS topic \`${app.logicalPrefixedName("alarms")}\` (here and, for CloudFront, in ${EDGE_REGION}). What each one means and what to do: \`docs/runbook.md\`, "Alarms". The CloudFront alarm lives in [${EDGE_REGION}](${consoleUrl(EDGE_REGION, "alarmsV2:")}).`,
          ].join("\n\n"),
          width: 24,
          height: 3,
        }),
      ],
      [new AlarmStatusWidget({ title: "Alarms", alarms: [...alarms, ...functionAlarms], width: 24, height: 6 })],
      [
        new GraphWidget({
          title: "API: requests and 5xx rate (%)",
          left: [httpApi.metricCount({ statistic: "Sum", period: apiPeriod })],
          right: [api5xxRate],
          rightAnnotations: [{ value: ALARMS.api5xxPercent.threshold, label: "alarm" }],
          width: 12,
        }),
        new GraphWidget({
          title: `CloudFront (${EDGE_REGION}): requests and 5xx rate (%)`,
          left: [cloudFront("Requests", "Sum")],
          right: [cloudFront("5xxErrorRate", "Average")],
          rightAnnotations: [{ value: ALARMS.cloudFront5xxPercent.threshold, label: "alarm" }],
          width: 12,
        }),
      ],
      [
        new GraphWidget({
          title: "Function errors, by function",
          left: [functionsOf("Errors", getStack(Api).stackName), functionsOf("Errors", getStack(Web).stackName)],
          width: 12,
        }),
        new GraphWidget({
          title: "Lambda throttles (account and region) and invocations of this stage",
          left: [throttles],
          right: [
            functionsOf("Invocations", getStack(Api).stackName),
            functionsOf("Invocations", getStack(Web).stackName),
          ],
          leftAnnotations: [{ value: ALARMS.lambdaThrottles.threshold, label: "alarm" }],
          width: 12,
        }),
      ],
      [
        new GraphWidget({
          title: "DynamoDB: throttled requests, consumed capacity",
          left: [tableThrottles],
          right: [
            table.cdk.table.metricConsumedReadCapacityUnits({ period: apiPeriod }),
            table.cdk.table.metricConsumedWriteCapacityUnits({ period: apiPeriod }),
          ],
          width: 12,
        }),
        new GraphWidget({
          title: "SES reputation: bounce and complaint rate",
          left: [
            sesRate("Reputation.BounceRate", ALARMS.sesBounceRate.period),
            sesRate("Reputation.ComplaintRate", ALARMS.sesComplaintRate.period),
          ],
          leftAnnotations: [
            { value: ALARMS.sesBounceRate.threshold, label: "bounces alarm" },
            { value: ALARMS.sesComplaintRate.threshold, label: "complaints alarm" },
          ],
          width: 12,
        }),
      ],
      [
        new GraphWidget({
          title: "Deliveries: oldest item not delivered (s)",
          left: perChannel(DELIVERY_METRICS.oldestUndeliveredAge, "Maximum", Duration.minutes(5)),
          leftAnnotations: [{ value: ALARMS.oldestUndeliveredLead.threshold, label: "lead alarm" }],
          width: 12,
        }),
        new GraphWidget({
          title: "Deliveries: due after a run, and delivered",
          left: perChannel(DELIVERY_METRICS.pending, "Maximum", Duration.minutes(5)),
          right: perChannel(DELIVERY_METRICS.delivered, "Sum", Duration.minutes(5)),
          width: 12,
        }),
      ],
    ],
  });

  acceptCommonFindings(stack);
  stack.addOutputs({
    Dashboard: consoleUrl(region, `dashboards/dashboard/${app.stage}-${app.name}`),
    Alarms: consoleUrl(region, "alarmsV2:"),
  });
  return { alarms, sesAlarms };
}
