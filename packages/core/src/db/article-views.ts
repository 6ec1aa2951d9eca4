import { TableStore } from "./table-store.ts";
import { DeleteCommand, GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { batchGetEvery } from "./paging.ts";
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

  /** The counts of these articles; an article without a counter is absent. */
  async counts(ids: string[]): Promise<Map<string, number>> {
    const items = await batchGetEvery(
      this.db,
      this.table,
      ids.map((id) => keys.articleViews(id)),
    );
    return new Map(items.map((item) => [String(item.pk).slice("ARTICLE#".length), Number(item.viewCount)]));
  }

  async delete(id: string): Promise<void> {
    await this.db.send(new DeleteCommand({ TableName: this.table, Key: keys.articleViews(id) }));
  }
}
