/**
 * What the delivery jobs tell CloudWatch after each run, and how (docs/decisions/0302-delivery-metrics.md).
 *
 * Every way the site delivers something it stored first is a *channel*. After each run, its job
 * prints one line in CloudWatch's Embedded Metric Format (EMF) to its log: CloudWatch Logs turns
 * it into three metrics of the namespace `CodCRM/Delivery`, with the dimensions `Stage` and
 * `Channel`, with no permission, SDK call or extra request:
 *
 *   Pending               items still due after the run (capped at the job's page, 100)
 *   Delivered             items the run delivered
 *   OldestUndeliveredAge  seconds since the oldest item not delivered yet was stored (0: none)
 *
 * The alarms (stacks/Monitoring.ts) read them per channel: a channel with items pending and
 * nothing delivered for 30 minutes is stalled; a channel delivering leads whose oldest
 * undelivered lead is over an hour old owes the team a lead. A new channel (the CRM webhook)
 * adds nothing to the stacks: its job prints `deliveryMetricsLine` with its channel's name
 * after each run, and the alarms already listen for it.
 */
export const DELIVERY_CHANNELS = {
  /** Leads mailed to the team: the retry job (packages/functions/src/jobs/retry-deliveries.ts). */
  "lead-mail": { delivers: "leads" },
  /** An article mailed to its subscribers: the send job (packages/functions/src/jobs/send-articles.ts). */
  "article-mail": { delivers: "articles" },
  /** Leads posted to the CRM's webhook, stored first and retried like mail: its job reports here. */
  "lead-webhook": { delivers: "leads" },
} as const satisfies Record<string, { delivers: "leads" | "articles" }>;

export type DeliveryChannel = keyof typeof DELIVERY_CHANNELS;

export const DELIVERY_METRICS = {
  namespace: "CodCRM/Delivery",
  dimensions: ["Stage", "Channel"],
  pending: "Pending",
  delivered: "Delivered",
  oldestUndeliveredAge: "OldestUndeliveredAge",
} as const;

/** One run of a channel's job, as it reports it. */
export interface DeliveryReport {
  channel: DeliveryChannel;
  /** Items still due when the run ended. */
  pending: number;
  /** Items the run delivered. */
  delivered: number;
  /** When the oldest item not delivered yet was stored (ISO time); absent when there is none. */
  oldestUndeliveredAt?: string;
}

/** What a channel's report reads of its store: the items due now, and the oldest not delivered. */
export interface UndeliveredItems {
  listDue(now: Date, limit: number): Promise<string[]>;
  oldestUndelivered(): Promise<string | undefined>;
}

/**
 * A channel's report after a run that delivered `delivered` items: what is still due (up to the
 * job's `page`) and when the oldest item not delivered yet was stored.
 */
export async function channelReport(
  channel: DeliveryChannel,
  store: UndeliveredItems,
  now: Date,
  page: number,
  delivered: number,
): Promise<DeliveryReport> {
  const [due, oldest] = await Promise.all([store.listDue(now, page), store.oldestUndelivered()]);
  return { channel, pending: due.length, delivered, ...(oldest ? { oldestUndeliveredAt: oldest } : {}) };
}

/**
 * The report as one EMF log line: a JSON object whose `_aws` member tells CloudWatch which of
 * its members are metrics (with their unit) and which are dimensions
 * (https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/CloudWatch_Embedded_Metric_Format_Specification.html).
 */
export function deliveryMetricsLine(report: DeliveryReport, context: { stage: string; now: Date }): string {
  const { namespace, dimensions, pending, delivered, oldestUndeliveredAge } = DELIVERY_METRICS;
  const oldest = report.oldestUndeliveredAt ? Date.parse(report.oldestUndeliveredAt) : undefined;
  const age = oldest === undefined ? 0 : Math.max(0, Math.round((context.now.getTime() - oldest) / 1000));
  return JSON.stringify({
    _aws: {
      Timestamp: context.now.getTime(),
      CloudWatchMetrics: [
        {
          Namespace: namespace,
          Dimensions: [[...dimensions]],
          Metrics: [
            { Name: pending, Unit: "Count" },
            { Name: delivered, Unit: "Count" },
            { Name: oldestUndeliveredAge, Unit: "Seconds" },
          ],
        },
      ],
    },
    Stage: context.stage,
    Channel: report.channel,
    [pending]: report.pending,
    [delivered]: report.delivered,
    [oldestUndeliveredAge]: age,
  });
}
