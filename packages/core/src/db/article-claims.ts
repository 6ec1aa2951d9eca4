import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import type { Article } from "../article/article.ts";
import { slugCandidates } from "../article/slug.ts";
import { ConflictError } from "../errors.ts";
import type { Language } from "../site/languages.ts";
import { VALIDATION_CODES } from "../validation.ts";
import { conditionHeld } from "./dynamo-client.ts";
import { keys } from "./table-design.ts";

const MAX_SLUG_ATTEMPTS = 200;
/**
 * A slug or translation-group language claimed this long ago by an article that never got
 * written (or no longer has that language) is free again.
 */
const ORPHAN_CLAIM_AGE_MS = 60_000;

/**
 * What an article holds apart from its own item, each by a conditional put: its slugs, current
 * and former (`SLUG#{slug}` → articleId), and its language in its translation group
 * (`GROUP#{group}` / `LANG#{language}` → articleId, at most one article per language per
 * group). The embedded store has no transactions, so a claim is taken before the article that
 * uses it is written; a claim whose article never got written is an orphan, taken over once it
 * is old enough not to belong to a save still under way
 * (docs/decisions/0050-multilingual-articles.md).
 */
export class ArticleClaims {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
    /** Whether a claim's holder exists, and with which group and language. */
    private readonly getById: (id: string) => Promise<Article | undefined>,
    /** Whether a slug's holder exists, in the trash included (it keeps its slugs there). */
    private readonly slugHolderExists: (id: string) => Promise<boolean> = async (id) => Boolean(await getById(id)),
  ) {}

  async slugOwner(slug: string): Promise<string | undefined> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.slug(slug) }));
    return Item?.articleId as string | undefined;
  }

  /**
   * Takes the first free slug among `base`, `base-2`, ... for `articleId`. A slug already
   * pointing to the same article (a former slug) is taken back; one whose article never got
   * written is taken over once it is old enough not to belong to a save still under way.
   */
  async claimSlug(base: string, articleId: string, now: Date): Promise<string> {
    let attempts = 0;
    for (const candidate of slugCandidates(base)) {
      if (++attempts > MAX_SLUG_ATTEMPTS) break;
      const put = new PutCommand({
        TableName: this.table,
        Item: { ...keys.slug(candidate), articleId, claimedAt: now.toISOString() },
        ConditionExpression: "attribute_not_exists(pk) OR articleId = :id",
        ExpressionAttributeValues: { ":id": articleId },
      });
      if (await conditionHeld(this.db.send(put))) return candidate;
      if (await this.takeOverOrphanSlug(candidate, articleId, now)) return candidate;
    }
    throw new ConflictError(`No free slug for "${base}".`, "slug_unavailable");
  }

  /**
   * An article back from the trash: its own slug when it still points to it or is free (or an
   * orphan), else the first free one from `base`.
   */
  async reclaimSlug(slug: string, base: string, articleId: string, now: Date): Promise<string> {
    const put = new PutCommand({
      TableName: this.table,
      Item: { ...keys.slug(slug), articleId, claimedAt: now.toISOString() },
      ConditionExpression: "attribute_not_exists(pk) OR articleId = :id",
      ExpressionAttributeValues: { ":id": articleId },
    });
    if ((await conditionHeld(this.db.send(put))) || (await this.takeOverOrphanSlug(slug, articleId, now))) return slug;
    return this.claimSlug(base, articleId, now);
  }

  private async takeOverOrphanSlug(slug: string, articleId: string, now: Date): Promise<boolean> {
    const { Item } = await this.db.send(
      new GetCommand({ TableName: this.table, Key: keys.slug(slug), ConsistentRead: true }),
    );
    if (!Item) return false;
    const claimedAt = Date.parse(String(Item.claimedAt));
    if (now.getTime() - claimedAt < ORPHAN_CLAIM_AGE_MS) return false;
    if (await this.slugHolderExists(String(Item.articleId))) return false;
    return conditionHeld(
      this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...keys.slug(slug), articleId, claimedAt: now.toISOString() },
          ConditionExpression: "articleId = :previous",
          ExpressionAttributeValues: { ":previous": Item.articleId },
        }),
      ),
    );
  }

  /** Gives these slugs back, each only if it still points to `articleId` (a deleted article's). */
  async releaseSlugs(slugs: readonly string[], articleId: string): Promise<void> {
    for (const slug of slugs) {
      await conditionHeld(
        this.db.send(
          new DeleteCommand({
            TableName: this.table,
            Key: keys.slug(slug),
            ConditionExpression: "articleId = :id",
            ExpressionAttributeValues: { ":id": articleId },
          }),
        ),
      );
    }
  }

  /**
   * Claims `language` in translation group `group` for `articleId` (a claim it already holds
   * is kept). A claim is held for good by an article that exists with that group and
   * language; one left by a create that never finished, an edit that moved away, or a
   * deleted article is taken over once it is old enough not to belong to a save under way.
   */
  async claimLanguage(group: string, language: Language, articleId: string, now: Date): Promise<void> {
    const key = keys.translation(group, language);
    const item = { ...key, articleId, claimedAt: now.toISOString() };
    const claim = new PutCommand({
      TableName: this.table,
      Item: item,
      ConditionExpression: "attribute_not_exists(pk) OR articleId = :id",
      ExpressionAttributeValues: { ":id": articleId },
    });
    if (await conditionHeld(this.db.send(claim))) return;
    const { Item: held } = await this.db.send(
      new GetCommand({ TableName: this.table, Key: key, ConsistentRead: true }),
    );
    if (held) {
      const holder = await this.getById(String(held.articleId));
      const valid = holder && holder.translationGroup === group && holder.language === language;
      const recent = now.getTime() - Date.parse(String(held.claimedAt)) < ORPHAN_CLAIM_AGE_MS;
      if (valid || recent) throw translationExists();
    }
    const takeOver = new PutCommand({
      TableName: this.table,
      Item: item,
      ...(held
        ? { ConditionExpression: "articleId = :previous", ExpressionAttributeValues: { ":previous": held.articleId } }
        : { ConditionExpression: "attribute_not_exists(pk)" }),
    });
    if (!(await conditionHeld(this.db.send(takeOver)))) throw translationExists();
  }

  /** Gives `language` in `group` back, only if `articleId` still holds it. */
  async releaseLanguage(group: string, language: Language, articleId: string): Promise<void> {
    await conditionHeld(
      this.db.send(
        new DeleteCommand({
          TableName: this.table,
          Key: keys.translation(group, language),
          ConditionExpression: "articleId = :id",
          ExpressionAttributeValues: { ":id": articleId },
        }),
      ),
    );
  }

  /** The language claims of one translation group (one query): `sk` names the language, `articleId` its holder. */
  async languageClaims(group: string): Promise<Record<string, unknown>[]> {
    const { Items = [] } = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: "pk = :pk",
        ExpressionAttributeValues: { ":pk": keys.translationGroup(group) },
        ConsistentRead: true,
      }),
    );
    return Items;
  }
}

function translationExists(): ConflictError {
  return new ConflictError("This translation group already has an article in this language.", "translation_exists", [
    { field: "language", code: "translation_exists", message: `language ${VALIDATION_CODES.translation_exists}` },
  ]);
}
