import { RemovalPolicy } from "aws-cdk-lib";
import { Table as DynamoTable } from "aws-cdk-lib/aws-dynamodb";
import { Table, type StackContext } from "sst/constructs";
import { tableDesign } from "@codcrm/core/db/table-design";
import { acceptCommonFindings } from "./nag-suppressions.ts";
import { stackConfig } from "./stack-config.ts";

/** Stages whose data outlives `sst remove`. */
export const RETAINED_STAGES = ["prod"];

/**
 * The one table, from the same description the local store is created from: on-demand
 * billing, expiring items (login windows) deleted by TTL, point-in-time recovery.
 *
 * With the deploy setting `RESTORED_TABLE_NAME`, the stage uses that table instead: one restored
 * from point-in-time recovery (docs/runbook.md, "Restoring the table"). Its own table then
 * leaves the stack and, retained, stays as it was for comparison; the restored one is not the
 * stack's (its recovery, TTL and deletion protection are set by the runbook's commands). A stage
 * whose table is not retained would delete its own: refused there.
 */
export function Database({ stack, app }: StackContext) {
  const keep = RETAINED_STAGES.includes(app.stage);
  const restored = stackConfig().settings.RESTORED_TABLE_NAME;
  if (restored) {
    if (!keep)
      throw new Error(
        `RESTORED_TABLE_NAME is only for stages whose table is retained (${RETAINED_STAGES.join(", ")}): on ${app.stage} switching would delete the stage's own table.`,
      );
    const table = new Table(stack, "Table", {
      cdk: {
        table: DynamoTable.fromTableAttributes(stack, "RestoredTable", {
          tableName: restored,
          globalIndexes: Object.values(tableDesign.indexes).map((index) => index.name),
        }),
      },
    });
    acceptCommonFindings(stack);
    return { table };
  }
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
