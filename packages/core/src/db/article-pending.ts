import { DeleteCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import type { ArticleInput } from "../article/article-schema.ts";
import { staleEdit } from "../article/article-store.ts";
import type { PendingChanges } from "../article/pending-changes.ts";
import { conditionHeld } from "./dynamo-client.ts";
import { queryAll } from "./paging.ts";
import { KIND, keys, tableDesign } from "./table-design.ts";
import { TableStore } from "./table-store.ts";

/**
 * Pending changes of published articles (docs/decisions/0451-pending-changes-of-a-published-article.md):
 * `ARTICLE#{id}` / `PENDING`, one item beside the article, in the kind index under `PENDING` so
 * the admin's list reads them all with one query. Each save names the revision it replaces
 * (a conditional put), so two tabs never overwrite each other's changes.
 */
export class ArticlePending extends TableStore {
  async get(articleId: string): Promise<PendingChanges | undefined> {
    const item = await this.readItem(keys.pending(articleId));
    return item ? fromItem(item) : undefined;
  }

  /**
   * Writes the changes as the revision after `expectedRevision` (0: there were none); 409
   * `version_conflict` when the stored ones are another revision (another tab saved since).
   */
  async save(
    articleId: string,
    values: ArticleInput,
    baseVersion: number,
    expectedRevision: number,
    now: Date,
  ): Promise<PendingChanges> {
    const pending: PendingChanges = { revision: expectedRevision + 1, baseVersion, savedAt: now.toISOString(), values };
    const { byKind } = tableDesign.indexes;
    const put = new PutCommand({
      TableName: this.table,
      Item: {
        ...keys.pending(articleId),
        articleId,
        ...pending,
        [byKind.partitionKey]: KIND.pending,
        [byKind.sortKey]: articleId,
      },
      ...(expectedRevision > 0
        ? { ConditionExpression: "revision = :expected", ExpressionAttributeValues: { ":expected": expectedRevision } }
        : { ConditionExpression: "attribute_not_exists(pk)" }),
    });
    if (!(await conditionHeld(this.db.send(put)))) throw staleEdit();
    return pending;
  }

  /** Removes them: only revision `revision` when given (what a save or a discard was based on). */
  async remove(articleId: string, revision?: number): Promise<boolean> {
    return conditionHeld(
      this.db.send(
        new DeleteCommand({
          TableName: this.table,
          Key: keys.pending(articleId),
          ...(revision === undefined
            ? {}
            : { ConditionExpression: "revision = :revision", ExpressionAttributeValues: { ":revision": revision } }),
        }),
      ),
    );
  }

  /** Every article's pending changes, by article id (one query of the kind index). */
  async all(): Promise<Map<string, PendingChanges>> {
    const items = await queryAll(this.db, this.table, tableDesign.indexes.byKind, KIND.pending);
    return new Map(items.map((item) => [String(item.articleId), fromItem(item)]));
  }
}

function fromItem(item: Record<string, unknown>): PendingChanges {
  return {
    revision: Number(item.revision),
    baseVersion: Number(item.baseVersion),
    savedAt: String(item.savedAt),
    values: item.values as ArticleInput,
  };
}
