import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
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
import { fromItem, newestFirst, toItem } from "./article-items.ts";
import { ArticleRevisions } from "./article-revisions.ts";
import { ArticleViews } from "./article-views.ts";
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
    this.claims = new ArticleClaims(db, table, getById);
    this.revisions = new ArticleRevisions(db, table);
    this.views = new ArticleViews(db, table);
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
        const put = new PutCommand({
          TableName: this.table,
          Item: toItem(article),
          ConditionExpression: "attribute_not_exists(pk)",
        });
        if (!(await conditionHeld(this.db.send(put))))
          throw new ConflictError("An article with this id already exists.");
        written = true;
        return article;
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
        const put = new PutCommand({
          TableName: this.table,
          Item: toItem(next),
          ConditionExpression: "version = :expected",
          ExpressionAttributeValues: { ":expected": update.version },
        });
        if (!(await conditionHeld(this.db.send(put)))) {
          if (!(await this.getById(id))) throw new NotFoundError("Article not found.");
          throw staleEdit();
        }
        written = true;
        if (movesLanguage) await this.claims.releaseLanguage(group, current.language, id);
        return next;
      } finally {
        if (movesLanguage && !written) await this.claims.releaseLanguage(group, update.language, id).catch(() => {});
      }
    } finally {
      this.published.forget();
    }
  }

  /** Deletes the article, then its counter, claims, revisions and slugs; answers what it was. */
  async delete(id: string): Promise<Article> {
    try {
      const current = await this.getById(id);
      if (!current) throw new NotFoundError("Article not found.");
      const remove = new DeleteCommand({
        TableName: this.table,
        Key: keys.article(id),
        ConditionExpression: "attribute_exists(pk)",
      });
      if (!(await conditionHeld(this.db.send(remove)))) throw new NotFoundError("Article not found.");
      // The article is gone: what follows only tidies up. A slug left behind points nowhere
      // (it resolves to nothing and can be claimed again), a counter left behind is never read.
      await this.views.delete(id);
      await this.claims.releaseLanguage(current.translationGroup, current.language, id);
      await this.revisions.deleteAll(id);
      await this.claims.releaseSlugs([current.slug, ...current.formerSlugs], id);
      return current;
    } finally {
      this.published.forget();
    }
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
      new GetCommand({ TableName: this.table, Key: keys.article(id), ProjectionExpression: "published, publishAt" }),
    );
    if (!Item?.published || isScheduled(Item as Pick<Article, "published" | "publishAt">, this.now()))
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
    const all = await this.listAll();
    const byId = new Map(all.map((article) => [article.id, article]));
    return all.map((article) => {
      const behind = fallenBehind(article, all);
      const source = behind ? byId.get(behind.sourceId) : undefined;
      return {
        ...article,
        translations: adminTranslations(article, all),
        ...(behind && source ? { behind: { ...behind, source: sourceText(source) } } : {}),
      };
    });
  }

  /** One article as the administrator sees it, with its whole group's state. */
  async withAdminTranslations(article: Article): Promise<AdminArticle> {
    const members = await this.groupMembers(article.translationGroup);
    const behind = fallenBehind(article, members);
    const source = behind ? members.find((member) => member.id === behind.sourceId) : undefined;
    return {
      ...article,
      translations: adminTranslations(article, members),
      // The editor shows the source's changes since: its text now, beside the revision it was saved against.
      ...(behind && source ? { behind: { ...behind, source: sourceText(source) } } : {}),
    };
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

function unknownTranslationSource(): ValidationError {
  return new ValidationError([
    { field: "translationOf", code: "invalid", message: `translationOf ${VALIDATION_CODES.invalid}` },
  ]);
}

/** What a translation's editor compares: its source's text now. */
function sourceText(source: Article): { title: string; excerpt: string; content: string } {
  return { title: source.title, excerpt: source.excerpt, content: source.content };
}
