import { TableStore } from "./table-store.ts";
import { BatchGetCommand, DeleteCommand, GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { DEFAULT_VIEW_COUNT } from "../article/derive.ts";
import { keys } from "./table-design.ts";

/**
 * Article view counters: one item per article (`ARTICLE#{id}` / `VIEWS`), apart from the
 * article so that a view rewrites a few bytes, not the article. A counter that was never
 * written reads as the default count (docs/decisions/0323-article-views.md).
 */
export class ArticleViews extends TableStore {
  /** The stored count, or the default one. */
  async count(id: string): Promise<number> {
    const { Item: views } = await this.db.send(
      new GetCommand({ TableName: this.table, Key: keys.articleViews(id), ProjectionExpression: "viewCount" }),
    );
    return typeof views?.viewCount === "number" ? views.viewCount : DEFAULT_VIEW_COUNT;
  }

  /** Atomic: concurrent views are all counted; a counter that was never written starts at the default. */
  async increment(id: string): Promise<number> {
    const { Attributes } = await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: keys.articleViews(id),
        UpdateExpression: "SET viewCount = if_not_exists(viewCount, :initial) + :one",
        ExpressionAttributeValues: { ":initial": DEFAULT_VIEW_COUNT, ":one": 1 },
        ReturnValues: "UPDATED_NEW",
      }),
    );
    return Number(Attributes?.viewCount);
  }

  /** The counts of these articles, 100 per batch; an article without a counter is absent. */
  async counts(ids: string[]): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    for (let start = 0; start < ids.length; start += 100) {
      let request: Record<string, { Keys: Record<string, unknown>[] }> | undefined = {
        [this.table]: { Keys: ids.slice(start, start + 100).map((id) => keys.articleViews(id)) },
      };
      for (let attempt = 0; request && Object.keys(request).length > 0; attempt++) {
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 25 * 2 ** attempt)));
        const result = await this.db.send(new BatchGetCommand({ RequestItems: request }));
        for (const item of result.Responses?.[this.table] ?? []) {
          counts.set(String(item.pk).slice("ARTICLE#".length), Number(item.viewCount));
        }
        request = result.UnprocessedKeys as typeof request;
      }
    }
    return counts;
  }

  async delete(id: string): Promise<void> {
    await this.db.send(new DeleteCommand({ TableName: this.table, Key: keys.articleViews(id) }));
  }
}
