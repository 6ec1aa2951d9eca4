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
  type AdminArticle,
  type Article,
  type ArticleSummary,
  type PublicTranslation,
} from "../article/article.ts";
import type { ArticleInput, ArticleUpdate } from "../article/article-schema.ts";
import type { ArticleSaveInput } from "../article/article.ts";

/** Fields the server adds to an input before saving (see `ArticleSaveInput`). */
type ArticleMediaFields = Pick<ArticleSaveInput, "imageMedia">;
import { DEFAULT_VIEW_COUNT } from "../article/derive.ts";
import { storedTags } from "../article/tags.ts";
import { baseSlugForTitle, slugCandidates, slugMatchesBase } from "../article/slug.ts";
import { adminTranslations, publicTranslations } from "../article/translations.ts";
import { REVISIONS_KEPT, toRevision, type ArticleRevision, type RevisionSummary } from "../article/revision.ts";
import { ConflictError, NotFoundError, ValidationError } from "../errors.ts";
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, type Language } from "../site/languages.ts";
import { VALIDATION_CODES } from "../validation.ts";
import { isConditionalCheckFailed } from "./dynamo-client.ts";
import { ReadCache } from "./read-cache.ts";
import { isScheduled, withPublicDate } from "../article/schedule.ts";
import { KIND, keys, publishedPartition, tableDesign } from "./table-design.ts";

const MAX_SLUG_ATTEMPTS = 200;
/**
 * A slug or translation-group language claimed this long ago by an article that never got
 * written (or no longer has that language) is free again.
 */
const ORPHAN_CLAIM_AGE_MS = 60_000;

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
 * leaves nothing broken: a language in a translation group and a slug are claimed before
 * the article that uses them is written (an orphan claim expires), a language left by an
 * edit is released after the article is written, an article is deleted before its claims,
 * slugs and counter. Articles stored before they had a language read as Spanish, each its
 * own translation group (docs/decisions/0050-multilingual-articles.md).
 */
export class ArticleRepository {
  /** One key per language partition of the published index, and one per list ("" = every language). */
  private readonly publishedPartitions: ReadCache<Omit<ArticleSummary, "translations">[]>;
  /** Each list with the whole published index it was read from (scheduled articles included). */
  private readonly publishedList: ReadCache<{ listed: ArticleSummary[]; all: Omit<ArticleSummary, "translations">[] }>;
  private readonly publishedBySegment: ReadCache<{ article: Article; matchedBy: ArticleMatch } | undefined>;
  /** Translation groups of the published articles read lately (their members' public versions). */
  private readonly publishedGroups: ReadCache<Article[]>;
  /**
   * The time public reads are judged at, on every call: kept reads hold scheduled articles
   * too, so one shows once its `publishAt` has come and never before, whatever is kept.
   */
  private readonly now: () => Date;

  /** The author of an article saved without one, and of items stored before articles had one. */
  private readonly defaultAuthor: string | undefined;

  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
    options: {
      defaultAuthor?: string;
      /**
       * How long published reads are kept. 0 behind a CDN whose copies article writes
       * invalidate: another container's kept read must not refill the CDN with what a write has
       * just removed (docs/decisions/0087-changes-live-at-once.md).
       */
      keepReadsMs?: number;
      /** The clock of public reads (`Deps.clock`): a scheduled article shows from its `publishAt`. */
      now?: () => Date;
    } = {},
  ) {
    const keepReadsMs = options.keepReadsMs ?? PUBLISHED_READS_TTL_MS;
    this.publishedPartitions = new ReadCache(keepReadsMs, LANGUAGES.length);
    this.publishedList = new ReadCache(keepReadsMs, LANGUAGES.length + 1);
    this.publishedBySegment = new ReadCache(keepReadsMs, PUBLISHED_ARTICLES_KEPT);
    this.publishedGroups = new ReadCache(keepReadsMs, PUBLISHED_ARTICLES_KEPT);
    this.defaultAuthor = options.defaultAuthor?.trim() || undefined;
    this.now = options.now ?? (() => new Date());
  }

  private withAuthor<T extends { author?: string }>(input: T): T {
    return { ...input, author: input.author ?? this.defaultAuthor };
  }

  private fromItem(item: Record<string, unknown>, viewCount: unknown): Article {
    const article = fromItem(item, viewCount);
    return { ...article, author: article.author ?? this.defaultAuthor };
  }

  /** After every write, whether it succeeded or not (a failed one may have written part). */
  private forgetReads(): void {
    this.publishedPartitions.clear();
    this.publishedList.clear();
    this.publishedBySegment.clear();
    this.publishedGroups.clear();
  }

  /**
   * A new article in its own translation group, or with `translationOf` in that article's
   * group; 409 naming `language` when the group already has an article in that language.
   * `contentHtml`: the content rendered by `renderArticleContent` (the caller renders, so only
   * the functions that save carry the renderer).
   */
  async create(given: ArticleInput & ArticleMediaFields, now: Date, contentHtml: string): Promise<Article> {
    const input = this.withAuthor(given);
    try {
      const id = newArticleId(now);
      let group = id;
      if (input.translationOf) {
        const source = await this.getById(input.translationOf);
        if (!source) throw unknownTranslationSource();
        group = source.translationGroup;
        // An article stored before languages existed never claimed its own: claim it now, so
        // a second article in its language cannot join (a claim it already holds is kept).
        await this.claimLanguage(group, source.language, source.id, now).catch((error: unknown) => {
          if (!(error instanceof ConflictError)) throw error;
        });
      }
      await this.claimLanguage(group, input.language, id, now);
      let written = false;
      try {
        const slug = await this.claimSlug(baseSlugForTitle(input.title), id, now);
        const article = createArticle(input, id, slug, now, contentHtml, group);
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
        written = true;
        return article;
      } finally {
        if (!written) await this.releaseLanguage(group, input.language, id).catch(() => {});
      }
    } finally {
      this.forgetReads();
    }
  }

  /** Saves an edit made on `update.version`; an edit based on an older version is refused. */
  async update(
    id: string,
    given: ArticleUpdate & ArticleMediaFields,
    now: Date,
    contentHtml: string,
  ): Promise<Article> {
    const update = this.withAuthor(given);
    try {
      const current = await this.getById(id);
      if (!current) throw new NotFoundError("Article not found.");
      if (current.version !== update.version) throw staleEdit();
      const group = current.translationGroup;
      const movesLanguage = update.language !== current.language;
      // The new language is claimed before the article says it, the old one released after.
      if (movesLanguage) await this.claimLanguage(group, update.language, id, now);
      let written = false;
      try {
        const base = baseSlugForTitle(update.title);
        const slug = slugMatchesBase(current.slug, base) ? current.slug : await this.claimSlug(base, id, now);
        const next = updateArticle(current, update, slug, now, contentHtml);
        await this.keepRevision(current);
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
        written = true;
        if (movesLanguage) await this.releaseLanguage(group, current.language, id);
        return next;
      } finally {
        if (movesLanguage && !written) await this.releaseLanguage(group, update.language, id).catch(() => {});
      }
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
      await this.releaseLanguage(current.translationGroup, current.language, id);
      await this.deleteRevisions(id);
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

  /**
   * Keeps `current` as a revision before the save that replaces it, and drops the one that
   * falls out of the last 50. No transaction (the embedded store has none): the revision is
   * written first, so a save that then fails (a stale edit, a crash) leaves a revision of the
   * version still current, which the lists skip and the next save writes again, identical
   * (docs/decisions/0085-article-revisions.md).
   */
  private async keepRevision(current: Article): Promise<void> {
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

  /** Earlier versions of an article, newest first; 404 when the article does not exist. */
  async listRevisions(id: string): Promise<RevisionSummary[]> {
    const current = await this.getById(id);
    if (!current) throw new NotFoundError("Article not found.");
    const items = await this.queryRevisions(id, "#version, updatedAt, title");
    return items
      .map((item) => ({ version: Number(item.version), updatedAt: String(item.updatedAt), title: String(item.title) }))
      .filter((revision) => revision.version < current.version);
  }

  /** One earlier version; undefined when the article or that revision does not exist. */
  async getRevision(id: string, version: number): Promise<ArticleRevision | undefined> {
    const current = await this.getById(id);
    if (!current || !Number.isSafeInteger(version) || version < 1 || version >= current.version) return undefined;
    const { Item } = await this.db.send(
      new GetCommand({ TableName: this.table, Key: keys.revision(id, version), ConsistentRead: true }),
    );
    if (!Item) return undefined;
    const { pk: _pk, sk: _sk, ...revision } = Item;
    return revision as ArticleRevision;
  }

  /**
   * Saves the text of revision `version` (title, excerpt, content, image, categories, labels and
   * search-engine overrides; `media`: its checked images, read by the caller) as the
   * next version of the article, which keeps its language and publication state; the version
   * it replaces becomes a revision. `expectedVersion` is the version the administrator saw:
   * 409 `version_conflict` when stale. `render` turns content into HTML (`renderArticleContent`).
   */
  async restore(
    id: string,
    version: number,
    expectedVersion: number,
    now: Date,
    render: (update: ArticleUpdate) => string,
    media: ArticleMediaFields = {},
  ): Promise<Article> {
    const current = await this.getById(id);
    if (!current) throw new NotFoundError("Article not found.");
    if (current.version !== expectedVersion) throw staleEdit();
    const revision = await this.getRevision(id, version);
    if (!revision) throw new NotFoundError("Revision not found.");
    const update: ArticleUpdate = {
      title: revision.title,
      excerpt: revision.excerpt,
      content: revision.content,
      imageUrl: revision.imageUrl,
      imageAlt: revision.imageAlt,
      categories: revision.categories.map(({ id: categoryId, name }) => ({ id: categoryId, name })),
      published: current.published,
      language: current.language,
      author: revision.author,
      tags: revision.tags?.map((tag) => tag.name),
      metaTitle: revision.metaTitleOverride,
      metaDescription: revision.metaDescriptionOverride,
      socialImageUrl: revision.socialImageUrl,
      publishAt: current.publishAt,
      version: expectedVersion,
    };
    return this.update(id, { ...update, ...media }, now, render(update));
  }

  private async queryRevisions(id: string, projection?: string): Promise<Record<string, unknown>[]> {
    const items: Record<string, unknown>[] = [];
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await this.db.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: "pk = :pk",
          ExpressionAttributeValues: { ":pk": keys.revisions(id) },
          ...(projection
            ? { ProjectionExpression: projection, ExpressionAttributeNames: { "#version": "version" } }
            : { ProjectionExpression: "pk, sk" }),
          ScanIndexForward: false,
          ConsistentRead: true,
          ExclusiveStartKey,
        }),
      );
      items.push(...(page.Items ?? []));
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    return items;
  }

  private async deleteRevisions(id: string): Promise<void> {
    for (const item of await this.queryRevisions(id)) {
      await this.db.send(new DeleteCommand({ TableName: this.table, Key: { pk: item.pk, sk: item.sk } }));
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
    return this.fromItem(item, views?.viewCount);
  }

  /**
   * A published article for a URL segment: by current slug, then by id, then by a former
   * slug (the order of docs/decisions/0001-blog-url-readings.md). Drafts are never returned.
   */
  async findPublished(segment: string): Promise<{ article: Article; matchedBy: ArticleMatch } | undefined> {
    const found = await this.publishedBySegment.get(segment, () => this.readPublished(segment));
    return found && !isScheduled(found.article, this.now())
      ? { article: withPublicDate(found.article), matchedBy: found.matchedBy }
      : undefined;
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
  /**
   * Records one view of a published article when `shouldCount` agrees (asked only once the
   * article is known to be published, so unknown ids cost no write); answers the count.
   */
  async recordView(id: string, shouldCount: () => Promise<boolean> = async () => true): Promise<number> {
    const { Item } = await this.db.send(
      new GetCommand({ TableName: this.table, Key: keys.article(id), ProjectionExpression: "published, publishAt" }),
    );
    if (!Item?.published || isScheduled(Item as Pick<Article, "published" | "publishAt">, this.now())) {
      throw new NotFoundError("Article not found.");
    }
    if (!(await shouldCount())) {
      const { Item: views } = await this.db.send(
        new GetCommand({ TableName: this.table, Key: keys.articleViews(id), ProjectionExpression: "viewCount" }),
      );
      return typeof views?.viewCount === "number" ? views.viewCount : DEFAULT_VIEW_COUNT;
    }
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

  /**
   * Published articles, newest first, without bodies, each with its published translations:
   * of one language (read from that language's partition of the published index) or of all.
   */
  async listPublished(language?: Language): Promise<ArticleSummary[]> {
    const { listed, all } = await this.publishedList.get(language ?? "", () => this.readPublishedList(language));
    const now = this.now();
    const waiting = all.filter((summary) => isScheduled(summary, now));
    if (waiting.length === 0) return listed;
    // Rare: drop the scheduled articles, and any translation that links to one of them.
    const hidden = new Set(waiting.map((summary) => `${summary.language}/${summary.slug}`));
    return listed
      .filter((summary) => !isScheduled(summary, now))
      .map((summary) => ({
        ...summary,
        translations: summary.translations.filter((other) => !hidden.has(`${other.language}/${other.slug}`)),
      }));
  }

  private async readPublishedList(
    language: Language | undefined,
  ): Promise<{ listed: ArticleSummary[]; all: Omit<ArticleSummary, "translations">[] }> {
    const partitions = await Promise.all(
      LANGUAGES.map((l) => this.publishedPartitions.get(l, () => this.readPublishedPartition(l))),
    );
    // Translations may be in any language, so every partition is read (each is kept apart).
    const all = partitions.flat().sort(newestFirst);
    const listed = language ? [...partitions[LANGUAGES.indexOf(language)]!].sort(newestFirst) : all;
    return { listed: listed.map((summary) => ({ ...summary, translations: publicTranslations(summary, all) })), all };
  }

  private async readPublishedPartition(language: Language): Promise<Omit<ArticleSummary, "translations">[]> {
    const { name, partitionKey } = tableDesign.indexes.published;
    const items = await this.queryAll(name, partitionKey, publishedPartition(language));
    const counts = await this.viewCounts(items.map((i) => String(i.id)));
    return items.map((item) => {
      const { translations: _none, ...summary } = toSummary(
        withPublicDate(this.fromItem(item, counts.get(String(item.id)))),
      );
      return summary;
    });
  }

  /** Every article, drafts included, newest first, each with its whole group's state. */
  async listAllWithTranslations(): Promise<AdminArticle[]> {
    const all = await this.listAll();
    return all.map((article) => ({ ...article, translations: adminTranslations(article, all) }));
  }

  /** One article as the administrator sees it, with its whole group's state. */
  async withAdminTranslations(article: Article): Promise<AdminArticle> {
    return { ...article, translations: adminTranslations(article, await this.groupMembers(article.translationGroup)) };
  }

  /**
   * The other published versions of a published article (es, en, pt order), read from its
   * translation group alone, not from every language's published list; kept like the article.
   */
  async publishedTranslations(article: Article): Promise<PublicTranslation[]> {
    const published = await this.publishedGroups.get(article.translationGroup, async () =>
      (await this.groupMembers(article.translationGroup)).filter((member) => member.published),
    );
    const now = this.now();
    return publicTranslations(
      article,
      published.filter((member) => !isScheduled(member, now)),
    );
  }

  /**
   * Every article of a translation group, drafts included: the group's language claims
   * (GROUP#{group}, one query), then the article each names. A claim whose article is gone or
   * no longer has that group and language (a save that never finished, an edit that moved
   * away) names no member. An article stored before articles had a language has no claim:
   * its group is itself alone, and it has no other member to find.
   */
  async groupMembers(group: string): Promise<Article[]> {
    const { Items = [] } = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: "pk = :pk",
        ExpressionAttributeValues: { ":pk": keys.translationGroup(group) },
        ConsistentRead: true,
      }),
    );
    const members = await Promise.all(
      Items.map(async (claim) => {
        const article = await this.getById(String(claim.articleId));
        const holds = article?.translationGroup === group && claim.sk === keys.translation(group, article.language).sk;
        return holds ? article : undefined;
      }),
    );
    return members.filter((member): member is Article => member !== undefined).sort(newestFirst);
  }

  /** Every published article of one language with its body, newest first: that language's feed. */
  async listPublishedWithContent(language: Language): Promise<Article[]> {
    const { name, partitionKey } = tableDesign.indexes.published;
    const items = await this.queryAll(name, partitionKey, publishedPartition(language));
    const now = this.now();
    return items
      .map((item) => this.fromItem(item, undefined))
      .filter((article) => !isScheduled(article, now))
      .map(withPublicDate)
      .sort(newestFirst);
  }

  /** Every article, drafts included, newest first: the administrator's list. */
  async listAll(): Promise<Article[]> {
    const { name, partitionKey } = tableDesign.indexes.byKind;
    const items = await this.queryAll(name, partitionKey, KIND.article);
    const counts = await this.viewCounts(items.map((i) => String(i.id)));
    return items.map((item) => this.fromItem(item, counts.get(String(item.id))));
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
   * Claims `language` in translation group `group` for `articleId` (a claim it already holds
   * is kept). A claim is held for good by an article that exists with that group and
   * language; one left by a create that never finished, an edit that moved away, or a
   * deleted article is taken over once it is old enough not to belong to a save under way.
   */
  private async claimLanguage(group: string, language: Language, articleId: string, now: Date): Promise<void> {
    const key = keys.translation(group, language);
    const item = { ...key, articleId, claimedAt: now.toISOString() };
    try {
      await this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: item,
          ConditionExpression: "attribute_not_exists(pk) OR articleId = :id",
          ExpressionAttributeValues: { ":id": articleId },
        }),
      );
      return;
    } catch (error) {
      if (!isConditionalCheckFailed(error)) throw error;
    }
    const { Item: held } = await this.db.send(
      new GetCommand({ TableName: this.table, Key: key, ConsistentRead: true }),
    );
    if (held) {
      const holder = await this.getById(String(held.articleId));
      const valid = holder && holder.translationGroup === group && holder.language === language;
      const recent = now.getTime() - Date.parse(String(held.claimedAt)) < ORPHAN_CLAIM_AGE_MS;
      if (valid || recent) throw translationExists();
    }
    try {
      await this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: item,
          ...(held
            ? {
                ConditionExpression: "articleId = :previous",
                ExpressionAttributeValues: { ":previous": held.articleId },
              }
            : { ConditionExpression: "attribute_not_exists(pk)" }),
        }),
      );
    } catch (error) {
      if (isConditionalCheckFailed(error)) throw translationExists();
      throw error;
    }
  }

  /** Gives `language` in `group` back, only if `articleId` still holds it. */
  private async releaseLanguage(group: string, language: Language, articleId: string): Promise<void> {
    await this.db
      .send(
        new DeleteCommand({
          TableName: this.table,
          Key: keys.translation(group, language),
          ConditionExpression: "articleId = :id",
          ExpressionAttributeValues: { ":id": articleId },
        }),
      )
      .catch((error: unknown) => {
        if (!isConditionalCheckFailed(error)) throw error;
      });
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
    if (now.getTime() - claimedAt < ORPHAN_CLAIM_AGE_MS) return false;
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

function translationExists(): ConflictError {
  return new ConflictError("This translation group already has an article in this language.", "translation_exists", [
    { field: "language", code: "translation_exists", message: `language ${VALIDATION_CODES.translation_exists}` },
  ]);
}

function unknownTranslationSource(): ValidationError {
  return new ValidationError([
    { field: "translationOf", code: "invalid", message: `translationOf ${VALIDATION_CODES.invalid}` },
  ]);
}

function newestFirst(a: { createdAt: string; id: string }, b: { createdAt: string; id: string }): number {
  return b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);
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
    ...(article.published
      ? { [published.partitionKey]: publishedPartition(article.language), [published.sortKey]: sortKey }
      : {}),
  };
}

function fromItem(item: Record<string, unknown>, viewCount: unknown): Article {
  const { pk: _pk, sk: _sk, gsi1pk: _a, gsi1sk: _b, gsi2pk: _c, gsi2sk: _d, ...article } = item;
  return {
    ...(article as unknown as Omit<Article, "viewCount">),
    // Stored before articles had a language: Spanish, alone in a group of its own.
    language: isLanguage(article.language) ? article.language : DEFAULT_LANGUAGE,
    translationGroup: typeof article.translationGroup === "string" ? article.translationGroup : String(article.id),
    formerSlugs: (article.formerSlugs as string[] | undefined) ?? [],
    // Stored before articles had tags: none.
    tags: storedTags(article.tags),
    viewCount: typeof viewCount === "number" ? viewCount : DEFAULT_VIEW_COUNT,
  };
}
