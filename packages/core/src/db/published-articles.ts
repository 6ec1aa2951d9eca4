import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { toSummary, type Article, type ArticleSummary, type PublicTranslation } from "../article/article.ts";
import type { ArticleMatch } from "../article/article-store.ts";
import { isScheduled, withPublicDate } from "../article/schedule.ts";
import { publicTranslations } from "../article/translations.ts";
import { LANGUAGES, type Language } from "../site/languages.ts";
import { newestFirst } from "./article-items.ts";
import { queryAll } from "./paging.ts";
import { ReadCache } from "./read-cache.ts";
import { publishedPartition, tableDesign } from "./table-design.ts";

type ListedSummary = Omit<ArticleSummary, "translations">;

/**
 * The published list (every blog and landing page view) and each published article (every
 * article view) are read far more often than they change: keep them a few seconds per
 * process. Writes through this process forget them at once; other Lambda containers see a
 * change within the TTL (well inside the one-minute publish promise).
 */
export const PUBLISHED_READS_TTL_MS = 5_000;
/** URL segments (slug, id or former slug) whose answer, found or not, is kept per process at the most. */
const PUBLISHED_ARTICLES_KEPT = 100;

/** What the published reads need from the rest of the article store. */
export interface PublishedSource {
  db: DynamoDBDocumentClient;
  table: string;
  getById(id: string): Promise<Article | undefined>;
  slugOwner(slug: string): Promise<string | undefined>;
  viewCounts(ids: string[]): Promise<Map<string, number>>;
  groupMembers(group: string): Promise<Article[]>;
  /** A stored item as an article (`fromItem` with the default author). */
  read(item: Record<string, unknown>, viewCount: unknown): Article;
}

/**
 * What visitors read: published articles only, each as of its public date, none before its
 * `publishAt` (docs/decisions/0089-scheduled-publishing.md), with four read caches: each
 * language partition of the published index, each list, each URL segment, each translation
 * group. Kept reads hold scheduled articles too: the time is judged on every call.
 */
export class PublishedArticles {
  /** One key per language partition of the published index, and one per list ("" = every language). */
  private readonly partitions: ReadCache<ListedSummary[]>;
  /** Each list with the whole published index it was read from (scheduled articles included). */
  private readonly lists: ReadCache<{ listed: ArticleSummary[]; all: ListedSummary[] }>;
  private readonly bySegment: ReadCache<{ article: Article; matchedBy: ArticleMatch } | undefined>;
  /** Translation groups of the published articles read lately (their members' public versions). */
  private readonly groups: ReadCache<Article[]>;

  constructor(
    private readonly source: PublishedSource,
    keepReadsMs: number,
    /** The time public reads are judged at (a scheduled article shows from its `publishAt`). */
    private readonly now: () => Date,
  ) {
    this.partitions = new ReadCache(keepReadsMs, LANGUAGES.length);
    this.lists = new ReadCache(keepReadsMs, LANGUAGES.length + 1);
    this.bySegment = new ReadCache(keepReadsMs, PUBLISHED_ARTICLES_KEPT);
    this.groups = new ReadCache(keepReadsMs, PUBLISHED_ARTICLES_KEPT);
  }

  /** After every write, whether it succeeded or not (a failed one may have written part). */
  forget(): void {
    this.partitions.clear();
    this.lists.clear();
    this.bySegment.clear();
    this.groups.clear();
  }

  /**
   * A published article for a URL segment: by current slug, then by id, then by a former
   * slug (the order of docs/decisions/0001-blog-url-readings.md). Drafts are never returned.
   */
  async find(segment: string): Promise<{ article: Article; matchedBy: ArticleMatch } | undefined> {
    const found = await this.bySegment.get(segment, () => this.readBySegment(segment));
    return found && !isScheduled(found.article, this.now())
      ? { article: withPublicDate(found.article), matchedBy: found.matchedBy }
      : undefined;
  }

  private async readBySegment(segment: string): Promise<{ article: Article; matchedBy: ArticleMatch } | undefined> {
    const owner = await this.source.slugOwner(segment);
    const bySlug = owner ? await this.source.getById(owner) : undefined;
    if (bySlug?.published && bySlug.slug === segment) return { article: bySlug, matchedBy: "slug" };
    const byId = await this.source.getById(segment);
    if (byId?.published) return { article: byId, matchedBy: "id" };
    if (bySlug?.published) return { article: bySlug, matchedBy: "formerSlug" };
    return undefined;
  }

  /**
   * Published articles, newest first, without bodies, each with its published translations:
   * of one language (read from that language's partition of the published index) or of all.
   */
  async list(language?: Language): Promise<ArticleSummary[]> {
    const { listed, all } = await this.lists.get(language ?? "", () => this.readList(language));
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

  private async readList(language: Language | undefined): Promise<{ listed: ArticleSummary[]; all: ListedSummary[] }> {
    const partitions = await Promise.all(LANGUAGES.map((l) => this.partitions.get(l, () => this.readPartition(l))));
    // Translations may be in any language, so every partition is read (each is kept apart).
    const all = partitions.flat().sort(newestFirst);
    const listed = language ? [...partitions[LANGUAGES.indexOf(language)]!].sort(newestFirst) : all;
    return { listed: listed.map((summary) => ({ ...summary, translations: publicTranslations(summary, all) })), all };
  }

  private async readPartition(language: Language): Promise<ListedSummary[]> {
    const items = await queryAll(
      this.source.db,
      this.source.table,
      tableDesign.indexes.published,
      publishedPartition(language),
    );
    const counts = await this.source.viewCounts(items.map((i) => String(i.id)));
    return items.map((item) => {
      const { translations: _none, ...summary } = toSummary(
        withPublicDate(this.source.read(item, counts.get(String(item.id)))),
      );
      return summary;
    });
  }

  /**
   * The other published versions of a published article (es, en, pt order), read from its
   * translation group alone, not from every language's published list; kept like the article.
   */
  async translations(article: Article): Promise<PublicTranslation[]> {
    const published = await this.groups.get(article.translationGroup, async () =>
      (await this.source.groupMembers(article.translationGroup)).filter((member) => member.published),
    );
    const now = this.now();
    return publicTranslations(
      article,
      published.filter((member) => !isScheduled(member, now)),
    );
  }

  /** Every published article of one language with its body, newest first: that language's feed. */
  async listWithContent(language: Language): Promise<Article[]> {
    const items = await queryAll(
      this.source.db,
      this.source.table,
      tableDesign.indexes.published,
      publishedPartition(language),
    );
    const now = this.now();
    return items
      .map((item) => this.source.read(item, undefined))
      .filter((article) => !isScheduled(article, now))
      .map(withPublicDate)
      .sort(newestFirst);
  }
}
