import { TableStore } from "./table-store.ts";
import { DeleteCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import type { Article } from "../article/article.ts";
import { REVISIONS_KEPT, toRevision, type ArticleRevision, type RevisionSummary } from "../article/revision.ts";
import { queryEvery } from "./paging.ts";
import { keys } from "./table-design.ts";

/**
 * Earlier versions of articles: `REVISIONS#{articleId}` / `REV#{version, 10 digits}`, a
 * partition of their own, so reading an article never reads its revisions; the last 50 of each
 * article (docs/decisions/0085-article-revisions.md).
 */
export class ArticleRevisions extends TableStore {
  /**
   * Keeps `current` as a revision before the save that replaces it, and drops the one that
   * falls out of the last 50. No transaction (the embedded store has none): the revision is
   * written first, so a save that then fails (a stale edit, a crash) leaves a revision of the
   * version still current, which the lists skip and the next save writes again, identical.
   */
  async keep(current: Article): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: { ...keys.revision(current.id, current.version), ...toRevision(current) },
      }),
    );
    if (current.version > REVISIONS_KEPT) {
      await this.db.send(
        new DeleteCommand({ TableName: this.table, Key: keys.revision(current.id, current.version - REVISIONS_KEPT) }),
      );
    }
  }

  /** The versions before `current`, newest first (a revision of the current version is skipped). */
  async list(current: Article): Promise<RevisionSummary[]> {
    const items = await this.query(current.id, "#version, updatedAt, title");
    return items
      .map((item) => ({ version: Number(item.version), updatedAt: String(item.updatedAt), title: String(item.title) }))
      .filter((revision) => revision.version < current.version);
  }

  /** One version before `current`; undefined when there is none. */
  async get(current: Article, version: number): Promise<ArticleRevision | undefined> {
    if (!Number.isSafeInteger(version) || version < 1 || version >= current.version) return undefined;
    const item = await this.readItem(keys.revision(current.id, version));
    if (!item) return undefined;
    const { pk: _pk, sk: _sk, ...revision } = item;
    return revision as unknown as ArticleRevision;
  }

  async deleteAll(id: string): Promise<void> {
    for (const item of await this.query(id)) {
      await this.db.send(new DeleteCommand({ TableName: this.table, Key: { pk: item.pk, sk: item.sk } }));
    }
  }

  private query(id: string, projection?: string): Promise<Record<string, unknown>[]> {
    return queryEvery(this.db, {
      TableName: this.table,
      KeyConditionExpression: "pk = :pk",
      ExpressionAttributeValues: { ":pk": keys.revisions(id) },
      ...(projection
        ? { ProjectionExpression: projection, ExpressionAttributeNames: { "#version": "version" } }
        : { ProjectionExpression: "pk, sk" }),
      ScanIndexForward: false,
      ConsistentRead: true,
    });
  }
}
