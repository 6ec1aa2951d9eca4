import { NotFoundError, ValidationError } from "../errors.ts";
import type { MediaRecords } from "../media/media-records.ts";
import type { MediaInfo } from "../media/media-rules.ts";
import { parseWith } from "../parse.ts";
import { deriveFields, type AdminArticle, type Article } from "./article.ts";
import type { ArticleChanges } from "./article-changes.ts";
import { renderArticleContent } from "./article-html.ts";
import { articleDescription } from "./description.ts";
import { articleMedia, imageAltErrors, imageHostErrors } from "./article-images.ts";
import { articleInputSchema, articleUpdateSchema, type ArticleInput, type ArticleUpdate } from "./article-schema.ts";
import { staleEdit, type ArticleWriteStore } from "./article-store.ts";
import { revisionAsUpdate, toRevision } from "./revision.ts";
import { publishAtErrors } from "./schedule.ts";
import { checkArticleWrite, type ArticleActor } from "./article-access.ts";

/** What a save adds to the input: its cover's image record, its content rendered and its description. */
type Derived = { imageMedia?: MediaInfo; contentHtml: string; description: string };

export interface ArticleServicePorts {
  store: ArticleWriteStore;
  /** The checked images an article shows, read when it is saved (docs/decisions/0071-image-alt-text.md). */
  media: Pick<MediaRecords, "readyByIds">;
  /** What happens after a write: the CDN's copies dropped, then the observers (`article-changes.ts`). */
  changes: ArticleChanges;
  clock: () => Date;
  /** The site's public origin: an image URL on it counts as the site's own `/media/` path. */
  siteOrigin?: string;
  /** The other origins an article may show images from (docs/decisions/0206-images-from-listed-origins.md). */
  imageOrigins?: readonly string[];
}

/**
 * The one way an article is saved (docs/decisions/0111-one-article-service.md): create, edit
 * and restore go through the same sequence. The input is validated with the form's own schema;
 * a published article needs alt text for every image (0071); a `publishAt` already past is
 * refused (0089); the images' sizes and variants are read and the Markdown rendered (0065);
 * the store writes it, keeping the version it replaces as a revision (0085); then the CDN and
 * whatever reacts to article changes are told (0087). Each save answers the article as the
 * administrator sees it, with its translation group.
 *
 * Only the functions that save load this module: it carries the Markdown renderer. Deleting
 * (`delete-article.ts`) tells the same `ArticleChanges` without it.
 */
export class ArticleService {
  constructor(private readonly ports: ArticleServicePorts) {}

  /**
   * A new article: the body of `POST /api/admin/articles`, or any object of that shape. With an
   * `actor` (a signed-in person), it is theirs, signed with their name unless the body names an
   * author, and a publish needs their role's `articles:publish`.
   */
  async create(body: unknown, actor?: ArticleActor): Promise<AdminArticle> {
    const parsed = parseWith(articleInputSchema, body);
    if (actor) checkArticleWrite(actor, undefined, parsed.published);
    const input = actor
      ? { ...parsed, author: parsed.author ?? (actor.name || undefined), authorId: actor.id }
      : parsed;
    const sourceVersion = await this.sourceVersionFor(input);
    return this.save("created", input, undefined, (saved, now) =>
      this.ports.store.create({ ...input, ...saved, ...sourceVersion }, now),
    );
  }

  /** An edit made on `body.version`: 404 without the article, 409 `version_conflict` when stale. */
  async update(id: string, body: unknown, actor?: ArticleActor): Promise<AdminArticle> {
    const input = parseWith(articleUpdateSchema, body);
    const before = await this.ports.store.getById(id);
    if (actor && before) checkArticleWrite(actor, before, input.published);
    const sourceVersion =
      before && before.translationGroup !== before.id
        ? await this.sourceVersionFor({ translationOf: before.translationGroup })
        : {};
    return this.save("updated", input, before, (saved, now) =>
      this.ports.store.update(id, { ...input, ...saved, ...sourceVersion }, now),
    );
  }

  /**
   * A translation's source is the article its translation group started from (the group's id):
   * its version at this save, so the list and the editor can tell when the source moved on
   * since (docs/decisions/0426-translations-that-fall-behind.md).
   */
  private async sourceVersionFor(input: { translationOf?: string }): Promise<{ sourceVersion?: number }> {
    if (!input.translationOf) return {};
    const joined = await this.ports.store.getById(input.translationOf);
    const source =
      joined && joined.translationGroup !== joined.id
        ? await this.ports.store.getById(joined.translationGroup)
        : joined;
    return source ? { sourceVersion: source.version } : {};
  }

  /**
   * Revision `version`'s text saved as the next version (`revisionAsUpdate`): the article keeps
   * its language and publication state. `expectedVersion` is the version the administrator
   * saw: 409 `version_conflict` when stale, like an edit.
   */
  async restore(id: string, version: number, expectedVersion: number, actor?: ArticleActor): Promise<AdminArticle> {
    const { store } = this.ports;
    const revision = await store.getRevision(id, version);
    if (!revision) throw new NotFoundError("Revision not found.");
    const current = await store.getById(id);
    if (!current) throw new NotFoundError("Article not found.");
    if (actor) checkArticleWrite(actor, current, current.published);
    if (current.version !== expectedVersion) throw staleEdit();
    const input = revisionAsUpdate(revision, current, expectedVersion);
    return this.save("restored", input, current, (saved, now) => store.update(id, { ...input, ...saved }, now));
  }

  /**
   * Publishes or unpublishes an article as it stands (the list's bulk actions): a save of its own
   * text with the new state, checked as any save is (a published article needs its images'
   * alt text), leaving its pending changes as they are. With `actor`, asks what an edit of a
   * published article asks of the role (`articles:publish`, and `articles:others` for another's).
   * 404 without the article.
   */
  async setPublished(id: string, published: boolean, actor?: ArticleActor): Promise<AdminArticle> {
    const current = await this.ports.store.getById(id);
    if (!current) throw new NotFoundError("Article not found.");
    if (actor) checkArticleWrite(actor, current, true);
    const input: ArticleUpdate = {
      ...revisionAsUpdate(toRevision(current), current, current.version),
      published,
      publishAt: published ? current.publishAt : undefined,
    };
    return this.save("updated", input, current, (saved, now) =>
      this.ports.store.update(id, { ...input, ...saved }, now),
    );
  }

  /**
   * The article as it would read once `body` (the editor's form) is saved, without saving it:
   * checked as a save's body is, its images' records read and its Markdown rendered. What the
   * mail preview and the test mail show (docs/decisions/0453-send-flow-with-preview-and-test.md).
   */
  async asSaved(id: string, body: unknown): Promise<Article> {
    const input = parseWith(articleInputSchema, body);
    const current = await this.ports.store.getById(id);
    if (!current) throw new NotFoundError("Article not found.");
    const { imageMedia, mediaInfo } = await articleMedia(input, this.ports.media, this.ports.siteOrigin);
    return {
      ...current,
      ...deriveFields({ ...input, imageMedia }),
      language: input.language,
      contentHtml: renderArticleContent(input, mediaInfo),
    };
  }

  /** The sequence every save runs; `before`: the article as it was (none for a new one). */
  private async save(
    kind: "created" | "updated" | "restored",
    input: ArticleInput | ArticleUpdate,
    before: Article | undefined,
    write: (saved: Derived, now: Date) => Promise<Article>,
  ): Promise<AdminArticle> {
    const now = this.ports.clock();
    const imageErrors = [
      ...imageHostErrors(input, this.ports.siteOrigin, this.ports.imageOrigins ?? []),
      ...imageAltErrors(input),
    ];
    if (imageErrors.length > 0) throw new ValidationError(imageErrors);
    const scheduleErrors = publishAtErrors(input, before, now);
    if (scheduleErrors.length > 0) throw new ValidationError(scheduleErrors);
    const { imageMedia, mediaInfo } = await articleMedia(input, this.ports.media, this.ports.siteOrigin);
    const derived: Derived = {
      imageMedia,
      contentHtml: renderArticleContent(input, mediaInfo),
      description: articleDescription({
        excerpt: input.excerpt ?? "",
        content: input.content,
        metaDescriptionOverride: input.metaDescription,
      }),
    };
    if (kind === "created") {
      const article = await write(derived, now);
      await this.ports.changes.notify({ kind, article, at: now });
      return this.ports.store.withAdminTranslations(article);
    }
    if (!before) throw new NotFoundError("Article not found.");
    const article = await write(derived, now);
    await this.ports.changes.notify({ kind, before, article, at: now });
    return this.ports.store.withAdminTranslations(article);
  }
}
