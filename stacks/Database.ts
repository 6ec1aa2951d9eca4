import { RemovalPolicy } from "aws-cdk-lib";
import { Table, type StackContext } from "sst/constructs";
import { tableDesign } from "@codcrm/core/db/table-design";
import { acceptCommonFindings } from "./nag-suppressions.ts";

/** Stages whose data outlives `sst remove`. */
export const RETAINED_STAGES = ["prod"];

/**
 * The one table, from the same description the local store is created from: on-demand
 * billing, expiring items (login windows) deleted by TTL, point-in-time recovery.
 */
export function Database({ stack, app }: StackContext) {
  const keep = RETAINED_STAGES.includes(app.stage);
  const indexes = Object.values(tableDesign.indexes);
  const fields: Record<string, "string"> = { [tableDesign.partitionKey]: "string", [tableDesign.sortKey]: "string" };
  for (const index of indexes) {
    fields[index.partitionKey] = "string";
    fields[index.sortKey] = "string";
  }
  const table = new Table(stack, "Table", {
    fields,
    primaryIndex: { partitionKey: tableDesign.partitionKey, sortKey: tableDesign.sortKey },
    globalIndexes: Object.fromEntries(
      indexes.map((index) => [
        index.name,
        { partitionKey: index.partitionKey, sortKey: index.sortKey, projection: "all" as const },
      ]),
    ),
    timeToLiveAttribute: tableDesign.ttlAttribute,
    cdk: {
      table: {
        pointInTimeRecovery: true,
        deletionProtection: keep,
        removalPolicy: keep ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      },
    },
  });
  acceptCommonFindings(stack);
  return { table };
}
