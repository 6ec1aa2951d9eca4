import { describe, expect, it } from "vitest";
import { DELIVERY_CHANNELS, DELIVERY_METRICS, deliveryMetricsLine, type DeliveryReport } from "./delivery-report.ts";

const now = new Date("2026-11-28T10:00:00.000Z");

/**
 * What the Embedded Metric Format specification requires of a log line for CloudWatch to take
 * metrics from it: a root `_aws` with a millisecond Timestamp and CloudWatchMetrics directives,
 * each with a Namespace, Dimensions (sets of member names) and Metrics (names with a unit), every
 * dimension a string member and every metric a number member of the root.
 */
function emfProblems(line: string): string[] {
  const record = JSON.parse(line) as Record<string, unknown>;
  const problems: string[] = [];
  const aws = record._aws as { Timestamp?: unknown; CloudWatchMetrics?: unknown } | undefined;
  if (!aws) return ["no _aws"];
  if (!Number.isInteger(aws.Timestamp)) problems.push("Timestamp is not a whole number of milliseconds");
  const directives = aws.CloudWatchMetrics as
    { Namespace?: unknown; Dimensions?: unknown; Metrics?: { Name: string; Unit?: string }[] }[] | undefined;
  if (!Array.isArray(directives) || directives.length === 0) return [...problems, "no CloudWatchMetrics"];
  for (const directive of directives) {
    if (typeof directive.Namespace !== "string" || !directive.Namespace) problems.push("Namespace");
    const sets = directive.Dimensions as string[][];
    if (!Array.isArray(sets)) problems.push("Dimensions");
    for (const name of sets.flat())
      if (typeof record[name] !== "string") problems.push(`dimension ${name} is not a string member`);
    for (const metric of directive.Metrics ?? []) {
      if (typeof record[metric.Name] !== "number") problems.push(`metric ${metric.Name} is not a number member`);
      if (!["Count", "Seconds"].includes(metric.Unit ?? "")) problems.push(`unit of ${metric.Name}`);
    }
  }
  return problems;
}

describe("a delivery job's report as an Embedded Metric Format line", () => {
  const report: DeliveryReport = {
    channel: "lead-mail",
    pending: 3,
    delivered: 2,
    oldestUndeliveredAt: "2026-11-28T09:15:00.000Z",
  };

  it("is one line of JSON that CloudWatch reads as the three delivery metrics of a stage and channel", () => {
    const line = deliveryMetricsLine(report, { stage: "prod", now });
    expect(line).not.toContain("\n");
    expect(emfProblems(line)).toEqual([]);
    const record = JSON.parse(line);
    expect(record._aws).toEqual({
      Timestamp: now.getTime(),
      CloudWatchMetrics: [
        {
          Namespace: "CodCRM/Delivery",
          Dimensions: [["Stage", "Channel"]],
          Metrics: [
            { Name: "Pending", Unit: "Count" },
            { Name: "Delivered", Unit: "Count" },
            { Name: "OldestUndeliveredAge", Unit: "Seconds" },
          ],
        },
      ],
    });
    expect(record).toMatchObject({
      Stage: "prod",
      Channel: "lead-mail",
      Pending: 3,
      Delivered: 2,
      // 45 minutes.
      OldestUndeliveredAge: 2700,
    });
  });

  it("says 0 seconds when nothing is left to deliver, and never a negative age", () => {
    const nothing = JSON.parse(
      deliveryMetricsLine({ channel: "article-mail", pending: 0, delivered: 0 }, { stage: "dev", now }),
    );
    expect(nothing.OldestUndeliveredAge).toBe(0);
    const future = { ...report, oldestUndeliveredAt: "2026-11-28T10:00:05.000Z" };
    expect(JSON.parse(deliveryMetricsLine(future, { stage: "prod", now })).OldestUndeliveredAge).toBe(0);
  });

  it("names the CRM webhook's channel already, so its job reports the same way when it comes", () => {
    expect(Object.keys(DELIVERY_CHANNELS).sort()).toEqual(["article-mail", "lead-mail", "lead-webhook"]);
    expect(DELIVERY_CHANNELS["lead-webhook"].delivers).toBe("leads");
    const line = deliveryMetricsLine({ channel: "lead-webhook", pending: 1, delivered: 0 }, { stage: "prod", now });
    expect(emfProblems(line)).toEqual([]);
    expect(JSON.parse(line)[DELIVERY_METRICS.dimensions[1]]).toBe("lead-webhook");
  });
});
