import type { Article } from "./article.ts";
import { isScheduled } from "./schedule.ts";
import { DeliveryFailure, type MailTransport } from "../mail/mail-transport.ts";
import type { Language } from "../site/languages.ts";
import type { Translate } from "../site/translate.ts";
import { articleMessage } from "./article-mail.ts";
import { type ArticleSource, type SendCounts, type SendStore } from "./article-send.ts";
import { leaveOptions } from "../lead/newsletter.ts";
import type { DeliveryReport } from "../lead/delivery-report.ts";

/**
 * Failures after which the mail certainly did not leave: the claim is given back and the run
 * pauses. Any other failure (a refusal, a timeout: maybe it left) is recorded `failed` and
 * never tried again, so no subscriber gets an article twice.
 */
const REFUSED_FOR_NOW = new Set(["provider_throttled", "provider_unavailable"]);

/** Longer than a page takes at the slowest rate, so a live run is never taken over. */
export const SEND_RUN_LEASE_MS = 2 * 60_000;
/** Subscribers read per store query (the position is saved after each page). */
export const SEND_PAGE_SIZE = 25;
/** Due sends one run takes at most, and so how far a report's `pending` counts. */
const SENDS_PER_RUN = 20;

export interface SendTimer {
  /** Monotonic milliseconds. */
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realTimer: SendTimer = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export interface ArticleSenderSettings {
  siteUrl: string;
  /** Mails per second (NEWSLETTER_SEND_RATE). */
  rate: number;
  clock: () => Date;
  /** The mail strings of a language (`locales/*.json`, `newsletterMail`). */
  strings: (language: Language) => Translate;
  signUnsubscribe: (email: string) => string;
  /** Injectable so tests check the pacing without waiting. */
  timer?: SendTimer;
  pageSize?: number;
  log?: (message: string) => void;
}

export type RunOutcome =
  | { result: "done"; counts: SendCounts }
  /** Stopped before the end (deadline, throttling): the next run resumes. */
  | { result: "paused"; counts: SendCounts }
  /** Nothing to do now: not requested, done, not due yet, or another run holds it. */
  | { result: "idle" };

/**
 * The sending job (decision 0163): `run` sends one article, `runDue` every send whose time has
 * come; from the scheduled `send-articles` job on AWS and in-process locally. The wish to send
 * is recorded apart (`requestSend` in `article-send.ts`), so the request carries no mail code.
 */
export class ArticleSender {
  private readonly timer: SendTimer;
  private nextSendAt = 0;
  /** Mails this sender has handed to the provider since it was made (the job reports the difference). */
  private sentSoFar = 0;

  constructor(
    private readonly articles: ArticleSource,
    private readonly store: SendStore,
    private readonly transport: MailTransport,
    private readonly settings: ArticleSenderSettings,
  ) {
    this.timer = settings.timer ?? realTimer;
  }

  get mailsSent(): number {
    return this.sentSoFar;
  }

  /**
   * The article channel's report after a run that sent `delivered` mails: the sends still due,
   * and since when the oldest of them may go (docs/decisions/0302-delivery-metrics.md).
   */
  async report(delivered: number): Promise<DeliveryReport> {
    const due = await this.store.listDue(this.settings.clock(), SENDS_PER_RUN);
    const oldest = due[0] === undefined ? undefined : await this.store.get(due[0]);
    return {
      channel: "article-mail",
      pending: due.length,
      delivered,
      ...(oldest ? { oldestUndeliveredAt: oldest.notBefore } : {}),
    };
  }

  /** Runs every send that is due, one after the other; none starts after `deadline` (epoch ms). */
  async runDue(options: { deadline?: number; limit?: number } = {}): Promise<Record<string, RunOutcome["result"]>> {
    const ran: Record<string, RunOutcome["result"]> = {};
    for (const id of await this.store.listDue(this.settings.clock(), options.limit ?? SENDS_PER_RUN)) {
      if (options.deadline !== undefined && Date.now() >= options.deadline) break;
      ran[id] = (await this.run(id, options)).result;
    }
    return ran;
  }

  /**
   * Sends the article to every confirmed subscriber of its language not claimed yet, page
   * after page, keeping to the rate; resumes where a stopped run left off. An article not live
   * yet is never sent (its send waits for `publishAt`).
   */
  async run(articleId: string, options: { deadline?: number } = {}): Promise<RunOutcome> {
    const article = await this.articles.getById(articleId);
    if (!article?.published || isScheduled(article, this.settings.clock())) return { result: "idle" };
    const taken = await this.store.takeRun(articleId, this.settings.clock(), SEND_RUN_LEASE_MS);
    if (!taken) return { result: "idle" };
    const { token } = taken;
    const skipped = await this.store.skipInterrupted(articleId, this.settings.clock());
    if (skipped) this.log(`Article ${articleId}: ${skipped} mails of a stopped run are not sent again.`);
    let cursor = taken.cursor;
    const recipients = await this.store.countConfirmed(article.language);
    await this.store.saveProgress(articleId, token, { cursor, leaseUntil: this.leaseUntil(), recipients });
    const pageSize = this.settings.pageSize ?? SEND_PAGE_SIZE;
    try {
      do {
        const page = await this.store.confirmedPage(article.language, cursor, pageSize);
        for (const email of page.emails) {
          if (options.deadline !== undefined && Date.now() >= options.deadline) {
            await this.store.releaseRun(articleId, token);
            return { result: "paused", counts: await this.store.countClaims(articleId) };
          }
          const stop = await this.sendOne(article, email);
          if (stop) {
            await this.store.releaseRun(articleId, token, stop);
            return { result: "paused", counts: await this.store.countClaims(articleId) };
          }
        }
        cursor = page.cursor;
        // The position is saved only after a whole page: a run stopped inside one reads it
        // again, and the claims make the subscribers already mailed pass without a mail.
        if (!(await this.store.saveProgress(articleId, token, { cursor, leaseUntil: this.leaseUntil() })))
          return { result: "idle" };
      } while (cursor);
    } catch (error) {
      await this.store.releaseRun(articleId, token, error instanceof Error ? error.message : String(error));
      throw error;
    }
    const counts = await this.store.countClaims(articleId);
    await this.store.finish(articleId, token, counts, this.settings.clock());
    return { result: "done", counts };
  }

  /** One subscriber: claim, pace, send, record. Answers why the run must stop, if it must. */
  private async sendOne(article: Article, email: string): Promise<string | undefined> {
    if (!(await this.store.claim(article.id, email, this.settings.clock()))) return undefined;
    let message;
    try {
      const leave = leaveOptions(this.settings.siteUrl, article.language, this.settings.signUnsubscribe(email));
      message = await articleMessage(
        this.settings.strings(article.language),
        article,
        email,
        this.settings.siteUrl,
        leave,
      );
      await this.pace();
      await this.transport.send(message, `article-${article.id}-${email}`);
    } catch (error) {
      if (error instanceof DeliveryFailure && !REFUSED_FOR_NOW.has(error.code)) {
        this.log(`Article ${article.id} to a subscriber: ${error.code}: ${error.detail}`);
        await this.store.recordOutcome(article.id, email, "failed", this.settings.clock(), error.code);
        return undefined;
      }
      // The provider said "not now" (throttling, unavailable) or our own code failed before
      // anything left: the claim is given back and the next run tries this one again.
      await this.store.releaseClaim(article.id, email);
      if (error instanceof DeliveryFailure) return `${error.code}: ${error.detail}`;
      throw error;
    }
    await this.store.recordOutcome(article.id, email, "sent", this.settings.clock());
    this.sentSoFar++;
    return undefined;
  }

  /** Waits so that sends start no closer than 1/rate seconds apart. */
  private async pace(): Promise<void> {
    const interval = 1000 / this.settings.rate;
    const now = this.timer.now();
    if (this.nextSendAt > now) await this.timer.sleep(this.nextSendAt - now);
    this.nextSendAt = Math.max(now, this.nextSendAt) + interval;
  }

  private leaseUntil(): Date {
    return new Date(this.settings.clock().getTime() + SEND_RUN_LEASE_MS);
  }

  private log(message: string): void {
    (this.settings.log ?? console.warn)(message);
  }
}
