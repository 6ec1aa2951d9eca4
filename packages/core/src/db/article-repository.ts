import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import {
  createArticle,
  newArticleId,
  updateArticle,
  type AdminArticle,
  type Article,
  type ArticleSave,
  type ArticleSummary,
  type ArticleUpdateSave,
  type PublicTranslation,
} from "../article/article.ts";
import {
  staleEdit,
  type ArticleMatch,
  type ArticleWriteStore,
  type PublishedArticleReads,
} from "../article/article-store.ts";
import type { ArticleRevision, RevisionSummary } from "../article/revision.ts";
import { isScheduled } from "../article/schedule.ts";
import { baseSlugForTitle, slugMatchesBase } from "../article/slug.ts";
import { adminTranslations, fallenBehind } from "../article/translations.ts";
import { ConflictError, NotFoundError, ValidationError } from "../errors.ts";
import type { Language } from "../site/languages.ts";
import { VALIDATION_CODES } from "../validation.ts";
import { ArticleClaims } from "./article-claims.ts";
import { fromItem, newestFirst, toItem, withSocialCard } from "./article-items.ts";
import { ArticleRevisions } from "./article-revisions.ts";
import { ArticleViews } from "./article-views.ts";
import { ArticlePending } from "./article-pending.ts";
import { erasesAt, trashExpired, trashTtl, type TrashedArticle } from "../article/trash.ts";
import type { PendingChanges } from "../article/pending-changes.ts";
import type { ArticleInput } from "../article/article-schema.ts";
import { conditionHeld } from "./dynamo-client.ts";
import { batchGetEvery, queryAll } from "./paging.ts";
import { PUBLISHED_READS_TTL_MS, PublishedArticles } from "./published-articles.ts";
import { KIND, keys, tableDesign } from "./table-design.ts";

/**
 * Articles in DynamoDB, one entry point over what an article stores: its item
 * (`article-items.ts`), its slug and language claims (`article-claims.ts`), its revisions
 * (`article-revisions.ts`), its view counter (`article-views.ts`) and the published reads
 * visitors get, with their caches (`published-articles.ts`). The embedded store has no
 * transactions, so every operation is a sequence of single-item conditional writes ordered so
 * that a crash between two of them leaves nothing broken: a language in a translation group and
 * a slug are claimed before the article that uses them is written (an orphan claim expires), a
 * language left by an edit is released after the article is written, an article is deleted
 * before its claims, slugs and counter. Articles stored before they had a language read as
 * Spanish, each its own translation group (docs/decisions/0050-multilingual-articles.md).
 */
export class ArticleRepository implements ArticleWriteStore, PublishedArticleReads {
  private readonly claims: ArticleClaims;
  private readonly revisions: ArticleRevisions;
  private readonly views: ArticleViews;
  private readonly pending: ArticlePending;
  private readonly published: PublishedArticles;
  /** The clock of public reads: a scheduled article shows from its `publishAt`. */
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
    this.defaultAuthor = options.defaultAuthor?.trim() || undefined;
    this.now = options.now ?? (() => new Date());
    const getById = (id: string) => this.getById(id);
    // A slug stays its article's while it is in the trash: a restore brings its address back.
    this.claims = new ArticleClaims(db, table, getById, async (id) =>
      Boolean((await this.getById(id)) ?? (await this.trashedItem(id))),
    );
    this.revisions = new ArticleRevisions(db, table);
    this.views = new ArticleViews(db, table);
    this.pending = new ArticlePending(db, table);
    this.published = new PublishedArticles(
      {
        db,
        table,
        getById,
        slugOwner: (slug) => this.claims.slugOwner(slug),
        viewCounts: (ids) => this.views.counts(ids),
        groupMembers: (group) => this.groupMembers(group),
        read: (item, viewCount) => this.fromItem(item, viewCount),
      },
      options.keepReadsMs ?? PUBLISHED_READS_TTL_MS,
      this.now,
    );
  }

  private withAuthor<T extends { author?: string }>(input: T): T {
    return { ...input, author: input.author ?? this.defaultAuthor };
  }

  /** Writes the article's item if `condition` holds of the stored one: false when it did not. */
  private putIf(article: Article, condition: string, values?: Record<string, unknown>): Promise<boolean> {
    return conditionHeld(
      this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: toItem(article),
          ConditionExpression: condition,
          ...(values ? { ExpressionAttributeValues: values } : {}),
        }),
      ),
    );
  }

  private fromItem(item: Record<string, unknown>, viewCount: unknown): Article {
    return fromItem(item, viewCount, this.defaultAuthor);
  }

  /**
   * A new article in its own translation group, or with `translationOf` in that article's
   * group; 409 naming `language` when the group already has an article in that language.
   * The save comes rendered (`ArticleService`), so only the functions that save carry the renderer.
   */
  async create(given: ArticleSave, now: Date): Promise<Article> {
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
        await this.claims.claimLanguage(group, source.language, source.id, now).catch((error: unknown) => {
          if (!(error instanceof ConflictError)) throw error;
        });
      }
      await this.claims.claimLanguage(group, input.language, id, now);
      let written = false;
      try {
        const slug = await this.claims.claimSlug(baseSlugForTitle(input.title), id, now);
        const article = createArticle(input, id, slug, now, input.contentHtml, group);
        if (!(await this.putIf(article, "attribute_not_exists(pk)")))
          throw new ConflictError("An article with this id already exists.");
        written = true;
        return withSocialCard(article);
      } finally {
        if (!written) await this.claims.releaseLanguage(group, input.language, id).catch(() => {});
      }
    } finally {
      this.published.forget();
    }
  }

  /** Saves an edit made on `update.version`; an edit based on an older version is refused. */
  async update(id: string, given: ArticleUpdateSave, now: Date): Promise<Article> {
    const update = this.withAuthor(given);
    try {
      const current = await this.getById(id);
      if (!current) throw new NotFoundError("Article not found.");
      if (current.version !== update.version) throw staleEdit();
      // An edit that names the pending changes it was based on (the editor's) replaces them, and
      // is refused when they moved on since (another tab); one that names none (a bulk publish, a
      // restored revision) leaves them as they are.
      const pending = update.pendingRevision === undefined ? undefined : await this.pending.get(id);
      if (update.pendingRevision !== undefined && (pending?.revision ?? 0) !== update.pendingRevision)
        throw staleEdit();
      const group = current.translationGroup;
      const movesLanguage = update.language !== current.language;
      // The new language is claimed before the article says it, the old one released after.
      if (movesLanguage) await this.claims.claimLanguage(group, update.language, id, now);
      let written = false;
      try {
        const base = baseSlugForTitle(update.title);
        const slug = slugMatchesBase(current.slug, base) ? current.slug : await this.claims.claimSlug(base, id, now);
        const next = updateArticle(current, update, slug, now, update.contentHtml);
        await this.revisions.keep(current);
        if (!(await this.putIf(next, "version = :expected", { ":expected": update.version }))) {
          if (!(await this.getById(id))) throw new NotFoundError("Article not found.");
          throw staleEdit();
        }
        written = true;
        if (movesLanguage) await this.claims.releaseLanguage(group, current.language, id);
        // Saved: the changes it was based on are now the article (a newer revision is kept).
        if (pending) await this.pending.remove(id, pending.revision);
        return withSocialCard(next);
      } finally {
        if (movesLanguage && !written) await this.claims.releaseLanguage(group, update.language, id).catch(() => {});
      }
    } finally {
      this.published.forget();
    }
  }

  /**
   * After an article's item is gone, what only tidies up. A slug left behind points nowhere (it
   * resolves to nothing and can be claimed again), a counter left behind is never read.
   */
  private async tidyAfterRemoval(article: Article): Promise<void> {
    const { id } = article;
    await this.views.delete(id);
    await this.claims.releaseLanguage(article.translationGroup, article.language, id);
    await this.revisions.deleteAll(id);
    await this.pending.remove(id);
    await this.claims.releaseSlugs([article.slug, ...article.formerSlugs], id);
  }

  /** Earlier versions of an article, newest first; 404 when the article does not exist. */
  async listRevisions(id: string): Promise<RevisionSummary[]> {
    const current = await this.getById(id);
    if (!current) throw new NotFoundError("Article not found.");
    return this.revisions.list(current);
  }

  /** One earlier version; undefined when the article or that revision does not exist. */
  async getRevision(id: string, version: number): Promise<ArticleRevision | undefined> {
    const current = await this.getById(id);
    return current ? this.revisions.get(current, version) : undefined;
  }

  /** The article and its view count, whatever its state. */
  async getById(id: string): Promise<Article | undefined> {
    const { item, views } = await this.articleItems(id);
    // An article in the trash is no article to anyone but the trash (docs/decisions/0450-article-trash.md).
    if (!item || item.trashedAt !== undefined) return undefined;
    return this.fromItem(item, views?.viewCount);
  }

  /** An article in the trash, as it was when it went there, or undefined (its access is checked on it). */
  async getTrashed(id: string): Promise<Article | undefined> {
    return (await this.trashedItem(id))?.article;
  }

  /** The stored item of an article in the trash and its view count, or undefined. */
  private async trashedItem(id: string): Promise<{ item: Record<string, unknown>; article: Article } | undefined> {
    const { item, views } = await this.articleItems(id);
    if (!item || typeof item.trashedAt !== "string") return undefined;
    const { trashedAt: _trashedAt, expiresAt: _expiresAt, ...stored } = item;
    return { item, article: this.fromItem(stored, views?.viewCount) };
  }

  /** An article's partition, read in one query: its item and its view counter, as stored. */
  private async articleItems(id: string): Promise<{ item?: Record<string, unknown>; views?: Record<string, unknown> }> {
    const { Items = [] } = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: "pk = :pk",
        ExpressionAttributeValues: { ":pk": keys.article(id).pk },
        ConsistentRead: true,
      }),
    );
    return { item: Items.find((i) => i.sk === "ARTICLE"), views: Items.find((i) => i.sk === "VIEWS") };
  }

  /**
   * Moves an article to the trash: one conditional update of its item. It leaves the published
   * index, so no public read finds it, and the admin's list; it keeps its revisions, slugs, view
   * count and the group it belongs to, and gives its language in the group back (a new
   * translation may take it). 404 when there is no such article, or it is in the trash already.
   */
  async trash(id: string, now: Date): Promise<Article> {
    try {
      const current = await this.getById(id);
      if (!current) throw new NotFoundError("Article not found.");
      const trashedAt = now.toISOString();
      const { byKind, published } = tableDesign.indexes;
      const held = await conditionHeld(
        this.db.send(
          new UpdateCommand({
            TableName: this.table,
            Key: keys.article(id),
            UpdateExpression: "SET trashedAt = :at, expiresAt = :ttl, #kpk = :trash, #ksk = :sort REMOVE #ppk, #psk",
            ConditionExpression: "attribute_exists(pk) AND attribute_not_exists(trashedAt)",
            ExpressionAttributeNames: {
              "#kpk": byKind.partitionKey,
              "#ksk": byKind.sortKey,
              "#ppk": published.partitionKey,
              "#psk": published.sortKey,
            },
            ExpressionAttributeValues: {
              ":at": trashedAt,
              ":ttl": trashTtl(trashedAt),
              ":trash": KIND.trash,
              ":sort": `${trashedAt}#${id}`,
            },
          }),
        ),
      );
      if (!held) throw new NotFoundError("Article not found.");
      // Its language in its group is free at once, for a new translation; a restore claims it
      // again. A crash before this leaves a claim that is free once old enough (an orphan).
      await this.claims.releaseLanguage(current.translationGroup, current.language, id);
      return current;
    } finally {
      this.published.forget();
    }
  }

  /** The articles in the trash, most recently trashed first; those past their 30 days are gone. */
  async listTrash(now: Date): Promise<TrashedArticle[]> {
    const items = await queryAll(this.db, this.table, tableDesign.indexes.byKind, KIND.trash);
    return items
      .filter((item) => typeof item.trashedAt === "string" && !trashExpired(item.trashedAt, now))
      .map((item) => {
        const article = this.fromItem(item, undefined);
        const trashedAt = String(item.trashedAt);
        return {
          id: article.id,
          title: article.title,
          excerpt: article.excerpt,
          language: article.language,
          slug: article.slug,
          published: article.published,
          createdAt: article.createdAt,
          updatedAt: article.updatedAt,
          version: article.version,
          trashedAt,
          erasesAt: erasesAt(trashedAt),
        };
      });
  }

  /**
   * Brings an article back from the trash as a draft, with its history: its language is claimed
   * again in its translation group (when another article took it meanwhile, it comes back in a
   * group of its own, `detached`), its slug again (or the next free one), the version it had is
   * kept as a revision, then its item is written back, conditional on still being in the trash.
   * 404 when it is not in the trash or its 30 days are over.
   */
  async restoreFromTrash(id: string, now: Date): Promise<{ article: Article; detached: boolean }> {
    try {
      const found = await this.trashedItem(id);
      if (!found || trashExpired(String(found.item.trashedAt), now)) throw new NotFoundError("Not in the trash.");
      const { article: current, item } = found;
      let group = current.translationGroup;
      let detached = false;
      try {
        await this.claims.claimLanguage(group, current.language, id, now);
      } catch (error) {
        if (!(error instanceof ConflictError)) throw error;
        // Its place in the group was taken while it was in the trash: it comes back on its own.
        group = `${id}-${now.getTime().toString(36)}`;
        detached = true;
        await this.claims.claimLanguage(group, current.language, id, now);
      }
      let written = false;
      try {
        const slug = await this.claims.reclaimSlug(current.slug, baseSlugForTitle(current.title), id, now);
        const formerSlugs =
          slug === current.slug ? current.formerSlugs : [...new Set([...current.formerSlugs, current.slug])];
        const restored: Article = {
          ...current,
          translationGroup: group,
          slug,
          formerSlugs: formerSlugs.filter((s) => s !== slug),
          published: false,
          publishAt: undefined,
          updatedAt: now.toISOString(),
          version: current.version + 1,
        };
        await this.revisions.keep(current);
        if (!(await this.putIf(restored, "trashedAt = :trashedAt", { ":trashedAt": item.trashedAt })))
          throw new NotFoundError("Not in the trash.");
        written = true;
        return { article: withSocialCard(restored), detached };
      } finally {
        // A group made for it alone is given back; its own group's claim may be another restore's.
        if (!written && detached) await this.claims.releaseLanguage(group, current.language, id).catch(() => {});
      }
    } finally {
      this.published.forget();
    }
  }

  /**
   * Erases an article in the trash for good: its item first (conditional on being in the
   * trash), then what only tidies up, as a delete always did: counter, language claim,
   * revisions, pending changes, slugs. 404 when it is not in the trash.
   */
  async erase(id: string): Promise<void> {
    const found = await this.trashedItem(id);
    if (!found) throw new NotFoundError("Not in the trash.");
    const remove = new DeleteCommand({
      TableName: this.table,
      Key: keys.article(id),
      ConditionExpression: "attribute_exists(trashedAt)",
    });
    if (!(await conditionHeld(this.db.send(remove)))) throw new NotFoundError("Not in the trash.");
    await this.tidyAfterRemoval(found.article);
  }

  /** Erases every article in the trash (`expiredOnly`: those whose 30 days are over); answers how many. */
  async eraseTrash(now: Date, { expiredOnly = false }: { expiredOnly?: boolean } = {}): Promise<number> {
    const items = await queryAll(this.db, this.table, tableDesign.indexes.byKind, KIND.trash);
    let erased = 0;
    for (const item of items) {
      if (expiredOnly && !(typeof item.trashedAt === "string" && trashExpired(item.trashedAt, now))) continue;
      try {
        await this.erase(String(item.id));
        erased++;
      } catch (error) {
        // Restored or erased by someone else meanwhile.
        if (!(error instanceof NotFoundError)) throw error;
      }
    }
    return erased;
  }

  /** The article's pending changes, if a published article has edits not published yet. */
  getPending(id: string): Promise<PendingChanges | undefined> {
    return this.pending.get(id);
  }

  /**
   * Saves a published article's edits as pending changes (docs/decisions/0451-pending-changes-of-a-published-article.md):
   * 404 without the article, 409 `article_draft` for a draft (a draft's edits are saved as the
   * article), 409 `version_conflict` when the article or its pending changes moved on since
   * the edit began.
   */
  async savePending(
    id: string,
    values: ArticleInput,
    basedOn: { version: number; pendingRevision?: number },
    now: Date,
  ): Promise<PendingChanges> {
    const current = await this.getById(id);
    if (!current) throw new NotFoundError("Article not found.");
    if (!current.published)
      throw new ConflictError("A draft's edits are saved as the article itself.", "article_draft");
    if (current.version !== basedOn.version) throw staleEdit();
    return this.pending.save(id, values, current.version, basedOn.pendingRevision ?? 0, now);
  }

  /** Drops the pending changes of revision `revision`; false when they were another revision or none. */
  discardPending(id: string, revision: number): Promise<boolean> {
    return this.pending.remove(id, revision);
  }

  /** The titles of these articles, in one batch read of their items; an id without an article is absent. */
  async titles(ids: readonly string[]): Promise<Map<string, string>> {
    const items = await batchGetEvery(
      this.db,
      this.table,
      ids.map((id) => keys.article(id)),
      { ProjectionExpression: "id, title" },
    );
    return new Map(items.map((item) => [String(item.id), String(item.title)]));
  }

  /** A published article for a URL segment (`PublishedArticles.find`). */
  findPublished(segment: string): Promise<{ article: Article; matchedBy: ArticleMatch } | undefined> {
    return this.published.find(segment);
  }

  /**
   * Records one view of a published article when `shouldCount` agrees (asked only once the
   * article is known to be published, so unknown ids cost no write): `counted` or `not-counted`,
   * and `not-found` for an id that is no published article (docs/decisions/0323-article-views.md).
   */
  async recordView(
    id: string,
    shouldCount: () => Promise<boolean> = async () => true,
  ): Promise<"counted" | "not-counted" | "not-found"> {
    const { Item } = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: keys.article(id),
        ProjectionExpression: "published, publishAt, trashedAt",
      }),
    );
    if (
      !Item?.published ||
      Item.trashedAt !== undefined ||
      isScheduled(Item as Pick<Article, "published" | "publishAt">, this.now())
    )
      return "not-found";
    if (!(await shouldCount())) return "not-counted";
    await this.views.increment(id);
    this.published.forget(); // the counts, and the popular order, have changed
    return "counted";
  }

  /** Published articles, newest first, without bodies (`PublishedArticles.list`). */
  listPublished(language?: Language): Promise<ArticleSummary[]> {
    return this.published.list(language);
  }

  /** The other published versions of a published article (`PublishedArticles.translations`). */
  publishedTranslations(article: Article): Promise<PublicTranslation[]> {
    return this.published.translations(article);
  }

  /** Every published article of one language with its body, newest first: that language's feed. */
  listPublishedWithContent(language: Language): Promise<Article[]> {
    return this.published.listWithContent(language);
  }

  /** Every article, drafts included, newest first, each with its whole group's state. */
  async listAllWithTranslations(): Promise<AdminArticle[]> {
    const [all, pending] = await Promise.all([this.listAll(), this.pending.all()]);
    return all.map((article) => adminArticle(article, all, pending.get(article.id)));
  }

  /** One article as the administrator sees it, with its whole group's state and its pending changes. */
  async withAdminTranslations(article: Article): Promise<AdminArticle> {
    const [members, pending] = await Promise.all([
      this.groupMembers(article.translationGroup),
      this.pending.get(article.id),
    ]);
    return adminArticle(article, members, pending);
  }

  /**
   * Every article of a translation group, drafts included: the group's language claims
   * (GROUP#{group}, one query), then the article each names. A claim whose article is gone or
   * no longer has that group and language (a save that never finished, an edit that moved
   * away) names no member. An article stored before articles had a language has no claim:
   * its group is itself alone, and it has no other member to find.
   */
  async groupMembers(group: string): Promise<Article[]> {
    const claims = await this.claims.languageClaims(group);
    const members = await Promise.all(
      claims.map(async (claim) => {
        const article = await this.getById(String(claim.articleId));
        const holds = article?.translationGroup === group && claim.sk === keys.translation(group, article.language).sk;
        return holds ? article : undefined;
      }),
    );
    return members.filter((member): member is Article => member !== undefined).sort(newestFirst);
  }

  /** Every article, drafts included, newest first: the administrator's list. */
  async listAll(): Promise<Article[]> {
    const items = await queryAll(this.db, this.table, tableDesign.indexes.byKind, KIND.article);
    const counts = await this.views.counts(items.map((i) => String(i.id)));
    return items.map((item) => this.fromItem(item, counts.get(String(item.id))));
  }
}

/**
 * One article as the administrator sees it, from the articles of its group (or all): its
 * group's state, whether it fell behind its source with the source's text now (the editor shows
 * the source's changes since, docs/decisions/0426-translations-that-fall-behind.md), and its
 * pending changes (docs/decisions/0451-pending-changes-of-a-published-article.md).
 */
function adminArticle(article: Article, group: Article[], pending: PendingChanges | undefined): AdminArticle {
  const behind = fallenBehind(article, group);
  const source = behind ? group.find((member) => member.id === behind.sourceId) : undefined;
  return {
    ...article,
    translations: adminTranslations(article, group),
    ...(behind && source ? { behind: { ...behind, source: sourceText(source) } } : {}),
    ...(pending ? { pending } : {}),
  };
}

function unknownTranslationSource(): ValidationError {
  return new ValidationError([
    { field: "translationOf", code: "invalid", message: `translationOf ${VALIDATION_CODES.invalid}` },
  ]);
}

/** What a translation's editor compares: its source's text now. */
function sourceText(source: Article): { title: string; excerpt: string; content: string } {
  return { title: source.title, excerpt: source.excerpt, content: source.content };
}
