import {
  BatchGetCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from "@aws-sdk/lib-dynamodb";
import {
  createArticle,
  newArticleId,
  toSummary,
  updateArticle,
  type Article,
  type ArticleSummary,
} from "../article/article.ts";
import type { ArticleInput, ArticleUpdate } from "../article/article-schema.ts";
import { DEFAULT_VIEW_COUNT } from "../article/derive.ts";
import { baseSlugForTitle, slugCandidates, slugMatchesBase } from "../article/slug.ts";
import { ConflictError, NotFoundError } from "../errors.ts";
import { isConditionalCheckFailed } from "./dynamo-client.ts";
import { ReadCache } from "./read-cache.ts";
import { KIND, PUBLISHED_PARTITION, keys, tableDesign } from "./table-design.ts";

const MAX_SLUG_ATTEMPTS = 200;
/** A slug claimed this long ago by an article that never got written is free again. */
const ORPHAN_SLUG_AGE_MS = 60_000;

export type ArticleMatch = "slug" | "id" | "formerSlug";

/**
 * The published list (every blog and landing page view) and each published article (every
 * article view) are read far more often than they change: keep them a few seconds per
 * process. Writes through this process forget them at once; other Lambda containers see a
 * change within the TTL (well inside the one-minute publish promise).
 */
const PUBLISHED_READS_TTL_MS = 5_000;
/** URL segments (slug, id or former slug) whose answer, found or not, is kept per process at the most. */
const PUBLISHED_ARTICLES_KEPT = 100;

/**
 * Articles in DynamoDB. The embedded store has no transactions, so every operation is a
 * sequence of single-item conditional writes ordered so that a crash between two of them
 * leaves nothing broken: a slug is claimed before the article that uses it is written
 * (an orphan claim expires), an article is deleted before its slugs and counter.
 */
export class ArticleRepository {
  private readonly publishedList = new ReadCache<ArticleSummary[]>(PUBLISHED_READS_TTL_MS, 1);
  private readonly publishedBySegment = new ReadCache<{ article: Article; matchedBy: ArticleMatch } | undefined>(
    PUBLISHED_READS_TTL_MS,
    PUBLISHED_ARTICLES_KEPT,
  );

  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  /** After every write, whether it succeeded or not (a failed one may have written part). */
  private forgetReads(): void {
    this.publishedList.clear();
    this.publishedBySegment.clear();
  }

  /** `contentHtml`: the content rendered by `renderArticleContent` (the caller renders, so only the functions that save carry the renderer). */
  async create(input: ArticleInput, now: Date, contentHtml: string): Promise<Article> {
    try {
      const id = newArticleId(now);
      const slug = await this.claimSlug(baseSlugForTitle(input.title), id, now);
      const article = createArticle(input, id, slug, now, contentHtml);
      try {
        await this.db.send(
          new PutCommand({
            TableName: this.table,
            Item: toItem(article),
            ConditionExpression: "attribute_not_exists(pk)",
          }),
        );
      } catch (error) {
        if (isConditionalCheckFailed(error)) throw new ConflictError("An article with this id already exists.");
        throw error;
      }
      return article;
    } finally {
      this.forgetReads();
    }
  }

  /** Saves an edit made on `update.version`; an edit based on an older version is refused. */
  async update(id: string, update: ArticleUpdate, now: Date, contentHtml: string): Promise<Article> {
    try {
      const current = await this.getById(id);
      if (!current) throw new NotFoundError("Article not found.");
      if (current.version !== update.version) throw staleEdit();
      const base = baseSlugForTitle(update.title);
      const slug = slugMatchesBase(current.slug, base) ? current.slug : await this.claimSlug(base, id, now);
      const next = updateArticle(current, update, slug, now, contentHtml);
      try {
        await this.db.send(
          new PutCommand({
            TableName: this.table,
            Item: toItem(next),
            ConditionExpression: "version = :expected",
            ExpressionAttributeValues: { ":expected": update.version },
          }),
        );
      } catch (error) {
        if (!isConditionalCheckFailed(error)) throw error;
        if (!(await this.getById(id))) throw new NotFoundError("Article not found.");
        throw staleEdit();
      }
      return next;
    } finally {
      this.forgetReads();
    }
  }

  async delete(id: string): Promise<void> {
    try {
      const current = await this.getById(id);
      if (!current) throw new NotFoundError("Article not found.");
      try {
        await this.db.send(
          new DeleteCommand({
            TableName: this.table,
            Key: keys.article(id),
            ConditionExpression: "attribute_exists(pk)",
          }),
        );
      } catch (error) {
        if (isConditionalCheckFailed(error)) throw new NotFoundError("Article not found.");
        throw error;
      }
      // The article is gone: what follows only tidies up. A slug left behind points nowhere
      // (it resolves to nothing and can be claimed again), a counter left behind is never read.
      await this.db.send(new DeleteCommand({ TableName: this.table, Key: keys.articleViews(id) }));
      for (const slug of [current.slug, ...current.formerSlugs]) {
        await this.db
          .send(
            new DeleteCommand({
              TableName: this.table,
              Key: keys.slug(slug),
              ConditionExpression: "articleId = :id",
              ExpressionAttributeValues: { ":id": id },
            }),
          )
          .catch((error: unknown) => {
            if (!isConditionalCheckFailed(error)) throw error;
          });
      }
    } finally {
      this.forgetReads();
    }
  }

  /** The article and its view count, whatever its state. */
  async getById(id: string): Promise<Article | undefined> {
    const { Items = [] } = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: "pk = :pk",
        ExpressionAttributeValues: { ":pk": keys.article(id).pk },
        ConsistentRead: true,
      }),
    );
    const item = Items.find((i) => i.sk === "ARTICLE");
    if (!item) return undefined;
    const views = Items.find((i) => i.sk === "VIEWS");
    return fromItem(item, views?.viewCount);
  }

  /**
   * A published article for a URL segment: by current slug, then by id, then by a former
   * slug (the order of DECISIONS.md). Drafts are never returned.
   */
  findPublished(segment: string): Promise<{ article: Article; matchedBy: ArticleMatch } | undefined> {
    return this.publishedBySegment.get(segment, () => this.readPublished(segment));
  }

  private async readPublished(segment: string): Promise<{ article: Article; matchedBy: ArticleMatch } | undefined> {
    const owner = await this.slugOwner(segment);
    const bySlug = owner ? await this.getById(owner) : undefined;
    if (bySlug?.published && bySlug.slug === segment) return { article: bySlug, matchedBy: "slug" };
    const byId = await this.getById(segment);
    if (byId?.published) return { article: byId, matchedBy: "id" };
    if (bySlug?.published) return { article: bySlug, matchedBy: "formerSlug" };
    return undefined;
  }

  /** Atomic: concurrent views are all counted; a counter that was never written starts at 50. */
  async recordView(id: string): Promise<number> {
    const { Item } = await this.db.send(
      new GetCommand({ TableName: this.table, Key: keys.article(id), ProjectionExpression: "published" }),
    );
    if (!Item?.published) throw new NotFoundError("Article not found.");
    const { Attributes } = await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: keys.articleViews(id),
        UpdateExpression: "SET viewCount = if_not_exists(viewCount, :initial) + :one",
        ExpressionAttributeValues: { ":initial": DEFAULT_VIEW_COUNT, ":one": 1 },
        ReturnValues: "UPDATED_NEW",
      }),
    );
    this.forgetReads(); // the counts, and the popular order, have changed
    return Number(Attributes?.viewCount);
  }

  /** Every published article, newest first, without bodies. */
  listPublished(): Promise<ArticleSummary[]> {
    return this.publishedList.get("", () => this.readPublishedList());
  }

  private async readPublishedList(): Promise<ArticleSummary[]> {
    const { name, partitionKey } = tableDesign.indexes.published;
    const items = await this.queryAll(name, partitionKey, PUBLISHED_PARTITION);
    const counts = await this.viewCounts(items.map((i) => String(i.id)));
    return items.map((item) => toSummary(fromItem(item, counts.get(String(item.id)))));
  }

  /** Every published article with its body, newest first: the feed. */
  async listPublishedWithContent(): Promise<Article[]> {
    const { name, partitionKey } = tableDesign.indexes.published;
    const items = await this.queryAll(name, partitionKey, PUBLISHED_PARTITION);
    return items.map((item) => fromItem(item, undefined));
  }

  /** Every article, drafts included, newest first: the administrator's list. */
  async listAll(): Promise<Article[]> {
    const { name, partitionKey } = tableDesign.indexes.byKind;
    const items = await this.queryAll(name, partitionKey, KIND.article);
    const counts = await this.viewCounts(items.map((i) => String(i.id)));
    return items.map((item) => fromItem(item, counts.get(String(item.id))));
  }

  private async queryAll(index: string, partitionKey: string, value: string): Promise<Record<string, unknown>[]> {
    const items: Record<string, unknown>[] = [];
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await this.db.send(
        new QueryCommand({
          TableName: this.table,
          IndexName: index,
          KeyConditionExpression: "#pk = :value",
          ExpressionAttributeNames: { "#pk": partitionKey },
          ExpressionAttributeValues: { ":value": value },
          ScanIndexForward: false,
          ExclusiveStartKey,
        }),
      );
      items.push(...(page.Items ?? []));
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    return items;
  }

  private async viewCounts(ids: string[]): Promise<Map<string, number>> {
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

  private async slugOwner(slug: string): Promise<string | undefined> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.slug(slug) }));
    return Item?.articleId as string | undefined;
  }

  /**
   * Takes the first free slug among `base`, `base-2`, ... for `articleId`. A slug already
   * pointing to the same article (a former slug) is taken back; one whose article never got
   * written is taken over once it is old enough not to belong to a save still under way.
   */
  private async claimSlug(base: string, articleId: string, now: Date): Promise<string> {
    let attempts = 0;
    for (const candidate of slugCandidates(base)) {
      if (++attempts > MAX_SLUG_ATTEMPTS) break;
      try {
        await this.db.send(
          new PutCommand({
            TableName: this.table,
            Item: { ...keys.slug(candidate), articleId, claimedAt: now.toISOString() },
            ConditionExpression: "attribute_not_exists(pk) OR articleId = :id",
            ExpressionAttributeValues: { ":id": articleId },
          }),
        );
        return candidate;
      } catch (error) {
        if (!isConditionalCheckFailed(error)) throw error;
      }
      if (await this.takeOverOrphan(candidate, articleId, now)) return candidate;
    }
    throw new ConflictError(`No free slug for "${base}".`, "slug_unavailable");
  }

  private async takeOverOrphan(slug: string, articleId: string, now: Date): Promise<boolean> {
    const { Item } = await this.db.send(
      new GetCommand({ TableName: this.table, Key: keys.slug(slug), ConsistentRead: true }),
    );
    if (!Item) return false;
    const claimedAt = Date.parse(String(Item.claimedAt));
    if (now.getTime() - claimedAt < ORPHAN_SLUG_AGE_MS) return false;
    if (await this.getById(String(Item.articleId))) return false;
    try {
      await this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...keys.slug(slug), articleId, claimedAt: now.toISOString() },
          ConditionExpression: "articleId = :previous",
          ExpressionAttributeValues: { ":previous": Item.articleId },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return false;
      throw error;
    }
  }
}

function staleEdit(): ConflictError {
  return new ConflictError(
    "This article was changed by someone else since you opened it. Reload it before saving.",
    "version_conflict",
  );
}

function toItem(article: Article): Record<string, unknown> {
  const { viewCount: _viewCount, ...stored } = article;
  const sortKey = `${article.createdAt}#${article.id}`;
  const { byKind, published } = tableDesign.indexes;
  return {
    ...keys.article(article.id),
    ...stored,
    [byKind.partitionKey]: KIND.article,
    [byKind.sortKey]: sortKey,
    ...(article.published ? { [published.partitionKey]: PUBLISHED_PARTITION, [published.sortKey]: sortKey } : {}),
  };
}

function fromItem(item: Record<string, unknown>, viewCount: unknown): Article {
  const { pk: _pk, sk: _sk, gsi1pk: _a, gsi1sk: _b, gsi2pk: _c, gsi2sk: _d, ...article } = item;
  return {
    ...(article as unknown as Omit<Article, "viewCount">),
    formerSlugs: (article.formerSlugs as string[] | undefined) ?? [],
    viewCount: typeof viewCount === "number" ? viewCount : DEFAULT_VIEW_COUNT,
  };
}
