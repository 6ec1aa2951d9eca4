import { randomUUID } from "node:crypto";
import { PUBLISHED_CONTENT_PATHS, type CdnInvalidator } from "../web/cdn-invalidation.ts";
import type { Article } from "./article.ts";

/**
 * What a write did to an article, told after the write to whatever reacts to article changes
 * (docs/decisions/0111-one-article-service.md). `at` is the write's time.
 */
export type ArticleChange =
  | { kind: "created"; article: Article; at: Date }
  | { kind: "updated" | "restored"; before: Article; article: Article; at: Date }
  | { kind: "deleted"; before: Article; at: Date };

/**
 * Something that reacts to article changes: the newsletter that sends an article when it is
 * published, social-card images made again when a title changes. Each hook runs after the write,
 * in order; a hook that fails is logged and neither undoes nor fails the write, so one that must
 * not lose work stores it first and acts on it later (as leads are, docs/decisions/0005-lead-delivery.md).
 */
export interface ArticleObserver {
  /** A short name for the log. */
  name: string;
  /** After every write: create, update, restore, delete. */
  changed?(change: ArticleChange): Promise<void>;
  /**
   * After a save that publishes an article (a new published one, a draft published, or a
   * published one whose `publishAt` moved): `visibleFrom` is when visitors first see it, its
   * `publishAt` or the write's time. Nothing runs when a scheduled time comes: visibility is
   * decided when a visitor reads (docs/decisions/0089-scheduled-publishing.md), so a hook that
   * must act then keeps the time and acts from a scheduled job.
   */
  published?(article: Article, visibleFrom: Date): Promise<void>;
}

/** Whether visitors may see a difference: the article was or is published, or it is gone. */
export function changesPublicSite(change: ArticleChange): boolean {
  // A delete does not look at what it removed: the CDN forgets the blog either way.
  if (change.kind === "deleted") return true;
  return change.article.published || (change.kind !== "created" && change.before.published);
}

/** The publication a save made, if it made one (see `ArticleObserver.published`). */
export function publication(change: ArticleChange): { article: Article; visibleFrom: Date } | undefined {
  if (change.kind === "deleted" || !change.article.published) return undefined;
  const before = change.kind === "created" ? undefined : change.before;
  if (before?.published && before.publishAt === change.article.publishAt) return undefined;
  const publishAt = change.article.publishAt;
  return { article: change.article, visibleFrom: publishAt ? new Date(publishAt) : change.at };
}

/**
 * After an article write: first one CloudFront invalidation of the published content's paths
 * when visitors may see a difference (docs/decisions/0087-changes-live-at-once.md), then the
 * observers. The write has happened whatever they answer: a failure is logged, and the CDN's
 * copies age out within their `s-maxage`.
 */
export class ArticleChanges {
  constructor(
    /** Loaded on first use, inside the guard: a CDN client that cannot be made fails no write. */
    private readonly cdn: () => Promise<CdnInvalidator>,
    private readonly observers: readonly ArticleObserver[] = [],
    private readonly log: (message: string, error: unknown) => void = (message, error) => console.error(message, error),
  ) {}

  /** While `batch` runs: whether some change of it needs the CDN's copies dropped. */
  private batched: { invalidate: boolean } | undefined;

  /**
   * Runs several writes (the list's bulk actions) with one CDN invalidation at the end instead
   * of one per article: CloudFront takes only a few wildcard invalidations at a time.
   */
  async batch<T>(run: () => Promise<T>): Promise<T> {
    const batched = { invalidate: false };
    this.batched = batched;
    try {
      return await run();
    } finally {
      this.batched = undefined;
      if (batched.invalidate) await this.invalidate("bulk");
    }
  }

  private async invalidate(id: string): Promise<void> {
    try {
      await (await this.cdn()).invalidate(PUBLISHED_CONTENT_PATHS, `article-${id}-${randomUUID()}`);
    } catch (error) {
      this.log(`CDN invalidation after a change to article ${id} failed:`, error);
    }
  }

  async notify(change: ArticleChange): Promise<void> {
    const id = change.kind === "deleted" ? change.before.id : change.article.id;
    if (changesPublicSite(change)) {
      if (this.batched) this.batched.invalidate = true;
      else await this.invalidate(id);
    }
    const published = publication(change);
    for (const observer of this.observers) {
      try {
        await observer.changed?.(change);
        if (published) await observer.published?.(published.article, published.visibleFrom);
      } catch (error) {
        this.log(`${observer.name} after a change to article ${id} failed:`, error);
      }
    }
  }
}
