import type { Article } from "./article.ts";
import { isScheduled } from "./schedule.ts";
import { AppError, ConflictError, NotFoundError } from "../errors.ts";
import { present } from "../present.ts";
import type { Language } from "../site/languages.ts";

/**
 * Sending an article to the confirmed subscribers of its language
 * (docs/decisions/0163-article-sends.md):
 *
 *   (none) ──request──▶ waiting ──run (once live)──▶ sending ──last page──▶ done
 *                                                    │    ▲
 *                           deadline, throttled, ◀───┘    └── the next run resumes
 *                           a crash (lease lapses)            from the saved page
 *
 * One run at a time holds the send (a lease on its record). Each mail is taken by a claim,
 * one item per (article, subscriber) written only if absent, before the provider is called:
 * a subscriber gets an article at most once, however often or concurrently it is run. A claim
 * still `sending` when a later run starts belongs to a run that stopped between the claim and
 * its outcome: whether that mail left is unknown, so it is counted `skipped`, never resent.
 */
export type SendState = "waiting" | "sending" | "done";
export type ClaimState = "sending" | "sent" | "failed" | "skipped";

export interface SendCounts {
  sent: number;
  failed: number;
  /** Mails whose run stopped between claim and outcome: not sent again (at most once). */
  skipped: number;
}

export interface ArticleSend extends SendCounts {
  articleId: string;
  language: Language;
  state: SendState;
  requestedAt: string;
  /** Not sent before this: the article's `publishAt`, or the request's time. */
  notBefore: string;
  /** Confirmed subscribers of the language when the latest run started. */
  recipients?: number;
  startedAt?: string;
  finishedAt?: string;
  /** Why the latest run stopped before the end (a provider's throttling, an error). */
  lastError?: string;
}

/** A send as the admin shows it: `queued` = recipients not yet reached. */
export interface SendProgress extends SendCounts {
  state: SendState;
  queued: number;
  notBefore: string;
  startedAt?: string;
  finishedAt?: string;
  lastError?: string;
}

/** What `GET /api/admin/articles/{id}/send` answers. */
export interface ArticleSendStatus {
  /** Confirmed subscribers of the article's language now. */
  recipients: number;
  language: Language;
  send?: SendProgress;
}

export function sendProgress(send: ArticleSend): SendProgress {
  const done = send.sent + send.failed + send.skipped;
  return {
    state: send.state,
    queued: send.state === "done" ? 0 : Math.max(0, (send.recipients ?? 0) - done),
    sent: send.sent,
    failed: send.failed,
    skipped: send.skipped,
    notBefore: send.notBefore,
    ...present({ startedAt: send.startedAt, finishedAt: send.finishedAt, lastError: send.lastError }),
  };
}

/** A page of confirmed subscribers' addresses and where the next one starts (opaque). */
export interface RecipientPage {
  emails: string[];
  cursor?: Record<string, unknown>;
}

/** Where sends and their claims are kept (`ArticleSendRepository` in the table). */
export interface SendStore {
  /**
   * Records the wish to send: a new send waits for `notBefore`; a waiting one takes the new
   * `notBefore` (a schedule moved); one sending or done is left as it is. Answers the send.
   */
  request(article: Pick<Article, "id" | "language">, notBefore: Date, now: Date): Promise<ArticleSend>;
  get(articleId: string): Promise<ArticleSend | undefined>;
  /** Ids of sends not done whose `notBefore` has come, oldest first. */
  listDue(now: Date, limit: number): Promise<string[]>;
  /** Takes the send for one run: waiting or sending, due, no live lease. Undefined when it cannot. */
  takeRun(
    articleId: string,
    now: Date,
    leaseMs: number,
  ): Promise<{ send: ArticleSend; token: string; cursor?: Record<string, unknown> } | undefined>;
  /** The run's position after a finished page, and a renewed lease; false when the run lost the send. */
  saveProgress(
    articleId: string,
    token: string,
    update: { cursor?: Record<string, unknown>; leaseUntil: Date; recipients?: number },
  ): Promise<boolean>;
  /** Ends a run before the end: the send stays due for the next one. */
  releaseRun(articleId: string, token: string, lastError?: string): Promise<void>;
  /** Ends the send with the counts of its claims. */
  finish(articleId: string, token: string, counts: SendCounts, now: Date): Promise<void>;
  /** The right to mail this subscriber this article; false when it was taken before. */
  claim(articleId: string, email: string, now: Date): Promise<boolean>;
  /** The claim's outcome, and the send's counter. */
  recordOutcome(
    articleId: string,
    email: string,
    outcome: "sent" | "failed",
    now: Date,
    detail?: string,
  ): Promise<void>;
  /** Gives a claim back when the mail certainly did not leave (the provider refused for now). */
  releaseClaim(articleId: string, email: string): Promise<void>;
  /** Claims a stopped run left `sending` → `skipped`; answers how many. */
  skipInterrupted(articleId: string, now: Date): Promise<number>;
  countClaims(articleId: string): Promise<SendCounts>;
  /** Confirmed subscribers of a language, in a stable order (subscription date). */
  confirmedPage(language: Language, cursor: Record<string, unknown> | undefined, limit: number): Promise<RecipientPage>;
  countConfirmed(language: Language): Promise<number>;
}

/** The article cannot be sent: 404 gone, 409 a draft. */
export function refusal(article: Article | undefined): AppError | undefined {
  if (!article) return new NotFoundError("Article not found.");
  if (!article.published) return new ConflictError("A draft is not sent: publish the article first.", "article_draft");
  return undefined;
}

export interface ArticleSource {
  getById(id: string): Promise<Article | undefined>;
}

/** Confirmed subscribers of the article's language, and its send's progress. */
export async function sendStatus(
  articles: ArticleSource,
  store: Pick<SendStore, "countConfirmed" | "get">,
  articleId: string,
): Promise<ArticleSendStatus> {
  const article = await articles.getById(articleId);
  if (!article) throw new NotFoundError("Article not found.");
  const [recipients, send] = await Promise.all([store.countConfirmed(article.language), store.get(articleId)]);
  return { recipients, language: article.language, ...(send ? { send: sendProgress(send) } : {}) };
}

/**
 * Records the wish to send a published article: at once when it is live, at its `publishAt`
 * when it is scheduled. A draft is refused (409 `article_draft`). Sends nothing: the job does.
 */
export async function requestSend(
  articles: ArticleSource,
  store: Pick<SendStore, "request">,
  articleId: string,
  now: Date,
): Promise<ArticleSend> {
  const article = await articles.getById(articleId);
  const refused = refusal(article);
  if (refused) throw refused;
  const notBefore = isScheduled(article!, now) ? new Date(article!.publishAt!) : now;
  return store.request(article!, notBefore, now);
}

/**
 * `POST /api/admin/articles/{id}/send/preview`, 200: the article's mail as subscribers would get
 * it, from the editor's text (docs/decisions/0453-send-flow-with-preview-and-test.md).
 */
export interface ArticleMailPreview {
  subject: string;
  html: string;
  text: string;
  /** The mail's language: the article's. */
  language: Language;
}
