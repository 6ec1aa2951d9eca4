import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import type { ServerConfig } from "@codcrm/core/config/server-config.server";
import type { ArticleRepository } from "@codcrm/core/db/article-repository";
import type { LeadRepository } from "@codcrm/core/db/lead-repository";
import type { SubscriptionRepository } from "@codcrm/core/db/subscription-repository";
import type { OutboxRepository } from "@codcrm/core/db/outbox-repository";
import type { PersonalDataRepository } from "@codcrm/core/db/personal-data-repository";
import type { LoginGate } from "@codcrm/core/auth/login-gate";
import type { LoginLocks } from "@codcrm/core/auth/login-locks";
import type { PasswordGate } from "@codcrm/core/auth/password-gate";
import type { StaffRepository } from "@codcrm/core/db/staff-repository";
import type { SessionRepository } from "@codcrm/core/db/session-repository";
import type { SignInChallenges } from "@codcrm/core/db/sign-in-challenges";
import type { PasskeyRepository } from "@codcrm/core/db/passkey-repository";
import type { AuditRepository } from "@codcrm/core/db/audit-repository";
import type { WindowCounter } from "@codcrm/core/db/window-counter";
import type { LeadDelivery } from "@codcrm/core/lead/lead-delivery";
import type { MailTransport } from "@codcrm/core/mail/mail-transport";
import type { CdnInvalidator } from "@codcrm/core/web/cdn-invalidation";
import type { ArticleChanges } from "@codcrm/core/article/article-changes";
import type { MediaRepository } from "@codcrm/core/db/media-repository";
import type { MediaStorage } from "@codcrm/core/media/media-storage";
import type { MediaService } from "@codcrm/core/media/media-service";
import type { ArticleSendRepository } from "@codcrm/core/db/article-send-repository";
import type { AnalyticsStore } from "@codcrm/core/db/analytics-store";
import type { LeadWebhookRepository } from "@codcrm/core/db/lead-webhook-repository";

/**
 * What a handler may use. `config` and `clock` are plain values; every other dependency is
 * a function that loads its code on first use (a dynamic import, a chunk of its own in the
 * Lambda bundle) and then keeps the one instance: a route loads only what it uses, so the
 * health check never loads the DynamoDB client, and a cold start pays for nothing else
 * (docs/decisions/0010-one-lambda-per-route.md). Built once per process (Lambda container
 * or local server).
 *
 * To add a dependency: a member here, and one `once(async () => …)` line in `createDeps`
 * (`store(async () => …)` for a store of the table) that imports its module inside the
 * function (a static import would load it in every cold start). A dynamic import still puts
 * its module in every function's bundle, as a chunk: a heavy dependency that one function
 * needs is made in that function's own file instead (the article sender in
 * `jobs/send-articles.ts`: docs/decisions/0176-lean-lambda-bundles.md).
 */
export interface Deps {
  config: ServerConfig;
  /** Injectable so tests can move time instead of sleeping. */
  clock: () => Date;
  db: () => Promise<DynamoDBDocumentClient>;
  articles: () => Promise<ArticleRepository>;
  /** Login attempts per client address, and per device cookie (`device#{id}`). */
  loginFailures: () => Promise<WindowCounter>;
  /** Password checks of the whole site (key "site"). */
  loginChecks: () => Promise<WindowCounter>;
  /** Bounds the scrypt checks in flight in this process. */
  passwordGate: () => Promise<PasswordGate>;
  /** Bounds the login attempts in progress in this process from clients without a device cookie. */
  loginGate: () => Promise<LoginGate>;
  /** Lock windows the login counters reported, kept in this process to refuse without a store round trip. */
  loginLocks: () => Promise<LoginLocks>;
  /** Staff accounts, their address and slug claims, the owner item, their known devices. */
  staff: () => Promise<StaffRepository>;
  /** Browser sessions and personal API keys (docs/decisions/0421-cookie-sessions-and-csrf.md). */
  sessions: () => Promise<SessionRepository>;
  /** Sign-ins in progress (mailed codes, passkey challenges) and invitations. */
  challenges: () => Promise<SignInChallenges>;
  /** The staff's passkeys. */
  passkeys: () => Promise<PasskeyRepository>;
  /** The audit trail (docs/decisions/0424-audit-trail.md). */
  audit: () => Promise<AuditRepository>;
  /** Sign-in codes mailed per person (key: the staff id), a bound on mail sent in one's name. */
  codeMails: () => Promise<WindowCounter>;
  /** One view per client per article per window (key `{articleId}#{client}`). */
  viewWindows: () => Promise<WindowCounter>;
  /** Contact and trial requests and the team's notices of new subscribers, with their delivery. */
  leads: () => Promise<LeadRepository>;
  /** Newsletter subscriptions, one per address (the store behind `newsletter`, and the subscribers view's list). */
  subscriptions: () => Promise<SubscriptionRepository>;
  outbox: () => Promise<OutboxRepository>;
  mail: () => Promise<MailTransport>;
  delivery: () => Promise<LeadDelivery>;
  /**
   * Mail to readers: SES on AWS, else the outbox (docs/decisions/0161-reader-mail-transport.md).
   * Text mail only (the newsletter's confirmations): the article send job makes its own, with the
   * MIME composer an HTML mail needs (docs/decisions/0194-mime-composer-only-where-html-mail-goes.md).
   */
  readerMail: () => Promise<MailTransport>;
  /** Article sends and their per-subscriber claims (docs/decisions/0163-article-sends.md). */
  articleSends: () => Promise<ArticleSendRepository>;
  /**
   * After a send is asked for: locally the job runs in this process, in the background; on
   * AWS nothing (the `send-articles` job drains due sends every minute), so the request
   * never sends (decision 0163).
   */
  startSend: (articleId: string) => void;
  /**
   * Where this client can read a kept mail as a mailbox shows it, when a server shows one: the
   * local server's `/_outbox/{key}` (docs/decisions/0165-outbox-page.md); on AWS nothing does,
   * so the admin's outbox links a mail only where its page answers (docs/decisions/0184-outbox-links-from-the-admin.md).
   */
  outboxPage: (key: string, sourceIp: string) => string | undefined;
  /** A person's data across the table, for export and erasure (RGPD, decision 0168). */
  personalData: () => Promise<PersonalDataRepository>;
  /** Contact/trial posts per client. */
  contactPosts: () => Promise<WindowCounter>;
  /** Newsletter posts per client. */
  newsletterPosts: () => Promise<WindowCounter>;
  /** Drops the CDN's copies of published content after an article write (nothing locally). */
  cdn: () => Promise<CdnInvalidator>;
  /**
   * What happens after an article write (create, edit, restore, delete): the CDN's copies
   * dropped, then every observer of article changes (docs/decisions/0111-one-article-service.md).
   */
  articleChanges: () => Promise<ArticleChanges>;
  /** Article images: S3 with MEDIA_BUCKET, else the local folder MEDIA_DIR. */
  mediaStorage: () => Promise<MediaStorage>;
  mediaRecords: () => Promise<MediaRepository>;
  media: () => Promise<MediaService>;
  /** The analytics' salt, visitor marks and day counters (docs/decisions/0401-analytics-counters-per-day.md). */
  analytics: () => Promise<AnalyticsStore>;
  /** Each lead's delivery to the CRM's webhook, as stored (docs/decisions/0405-lead-webhook.md). */
  leadWebhooks: () => Promise<LeadWebhookRepository>;
  /**
   * After a lead's delivery to the webhook was recorded: locally it is posted in this process, in
   * the background; on AWS nothing (the `deliver-webhooks` job posts due ones every minute), so a
   * visitor's request never waits on the CRM.
   */
  startWebhook: (leadId: string) => void;
}

/** Makes a value on the first call and gives the same one after; a failed attempt is retried. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () =>
    (made ??= make().catch((error: unknown) => {
      made = undefined;
      throw error;
    }));
}

export function createDeps(
  config: ServerConfig,
  options: {
    clock?: () => Date;
    db?: DynamoDBDocumentClient;
    cdn?: CdnInvalidator;
    /**
     * Runs a send in this process right after it is asked for (the local server passes
     * `sendArticleInBackground` from `jobs/send-articles.ts`). The sending job and its mail
     * library are not imported from here: every function bundles what this file can import,
     * and only the send job needs them (docs/decisions/0176-lean-lambda-bundles.md).
     */
    startSend?: (articleId: string) => void;
    /** The local server's outbox pages (`outboxPageFor` in packages/local); absent on AWS. */
    outboxPage?: (key: string, sourceIp: string) => string | undefined;
    /** Posts a lead to the webhook right after it is recorded (the local server); absent on AWS. */
    startWebhook?: (leadId: string) => void;
  } = {},
): Deps {
  const table = config.TABLE_NAME;
  const clock = options.clock ?? (() => new Date());
  const db = once(async () => {
    if (options.db) return options.db;
    const { createDocumentClient } = await import("@codcrm/core/db/dynamo-client");
    return createDocumentClient({ region: config.AWS_REGION, endpoint: config.DYNAMODB_ENDPOINT });
  });
  /** A store of the table: its class loaded on first use, then one instance on the client and the table's name. */
  const store = <T>(load: () => Promise<new (db: DynamoDBDocumentClient, table: string) => T>) =>
    once(async () => new (await load())(await db(), table));
  const windowCounter = (name: string, windowMs: () => Promise<number>) =>
    once(async () => {
      const { WindowCounter } = await import("@codcrm/core/db/window-counter");
      return new WindowCounter(await db(), table, name, await windowMs());
    });
  const loginWindow = async () => (await import("@codcrm/core/auth/login-limits")).LOGIN_WINDOW_MS;
  const formPostWindow = async () => (await import("@codcrm/core/lead/lead")).FORM_POST_WINDOW_MS;
  const leads = store(async () => (await import("@codcrm/core/db/lead-repository")).LeadRepository);
  const subscriptions = store(
    async () => (await import("@codcrm/core/db/subscription-repository")).SubscriptionRepository,
  );
  const outbox = store(async () => (await import("@codcrm/core/db/outbox-repository")).OutboxRepository);
  const mail = once(async () =>
    (await import("@codcrm/core/mail/create-transport")).createMailTransport(config, await outbox(), clock),
  );
  const readerMail = once(async () =>
    (await import("@codcrm/core/mail/create-transport")).createReaderTransport(config, await outbox(), clock),
  );
  const mediaStorage = once(async (): Promise<MediaStorage> => {
    if (config.MEDIA_BUCKET) {
      const { createS3MediaStorage } = await import("@codcrm/core/media/s3-media-storage");
      return createS3MediaStorage(config.AWS_REGION, config.MEDIA_BUCKET);
    }
    if (!config.MEDIA_DIR) throw new Error("Set MEDIA_BUCKET (AWS) or MEDIA_DIR (local) to store images.");
    const { LocalMediaStorage } = await import("@codcrm/core/media/local-media-storage.server");
    return new LocalMediaStorage(config.MEDIA_DIR, config.JWT_SECRET, clock);
  });
  const cdn = once(async (): Promise<CdnInvalidator> => {
    if (options.cdn) return options.cdn;
    if (!config.CDN_DISTRIBUTION_PARAMETER) return (await import("@codcrm/core/web/cdn-invalidation")).noCdn;
    const { CloudFrontInvalidator } = await import("@codcrm/core/web/cloudfront-invalidator");
    return new CloudFrontInvalidator(config.CDN_DISTRIBUTION_PARAMETER, config.AWS_REGION);
  });
  const articles = once(
    async () =>
      new (await import("@codcrm/core/db/article-repository")).ArticleRepository(await db(), table, {
        defaultAuthor: config.ADMIN_NAME,
        // Behind CloudFront, the CDN is the one cache of published reads (its copies are invalidated on write).
        keepReadsMs: config.CDN_DISTRIBUTION_PARAMETER ? 0 : undefined,
        now: clock,
      }),
  );
  const articleSends = store(
    async () => (await import("@codcrm/core/db/article-send-repository")).ArticleSendRepository,
  );
  const mediaRecords = store(async () => (await import("@codcrm/core/db/media-repository")).MediaRepository);
  const leadWebhooks = store(
    async () => (await import("@codcrm/core/db/lead-webhook-repository")).LeadWebhookRepository,
  );
  return {
    config,
    clock,
    analytics: store(async () => (await import("@codcrm/core/db/analytics-store")).AnalyticsStore),
    leadWebhooks,
    startWebhook: options.startWebhook ?? (() => {}),
    mediaStorage,
    mediaRecords,
    media: once(async () => {
      const { MediaService } = await import("@codcrm/core/media/media-service");
      const { randomBytes } = await import("node:crypto");
      return new MediaService(await mediaStorage(), await mediaRecords(), (n) => randomBytes(n));
    }),
    db,
    articles,
    loginFailures: windowCounter("login", loginWindow),
    loginChecks: windowCounter("login-site", loginWindow),
    passwordGate: once(async () => {
      const { PasswordGate } = await import("@codcrm/core/auth/password-gate");
      const { PASSWORD_CHECKS_IN_FLIGHT } = await import("@codcrm/core/auth/login-limits");
      return new PasswordGate(PASSWORD_CHECKS_IN_FLIGHT);
    }),
    loginGate: once(async () => {
      const { LoginGate } = await import("@codcrm/core/auth/login-gate");
      const { LOGIN_ATTEMPTS_IN_FLIGHT } = await import("@codcrm/core/auth/login-limits");
      return new LoginGate(LOGIN_ATTEMPTS_IN_FLIGHT);
    }),
    loginLocks: once(async () => new (await import("@codcrm/core/auth/login-locks")).LoginLocks()),
    staff: store(async () => (await import("@codcrm/core/db/staff-repository")).StaffRepository),
    sessions: store(async () => (await import("@codcrm/core/db/session-repository")).SessionRepository),
    challenges: store(async () => (await import("@codcrm/core/db/sign-in-challenges")).SignInChallenges),
    passkeys: store(async () => (await import("@codcrm/core/db/passkey-repository")).PasskeyRepository),
    audit: store(async () => (await import("@codcrm/core/db/audit-repository")).AuditRepository),
    codeMails: windowCounter("code-mail", loginWindow),
    viewWindows: windowCounter("view", async () => config.VIEW_WINDOW_MINUTES * 60_000),
    leads,
    subscriptions,
    outbox,
    mail,
    delivery: once(
      async () =>
        new (await import("@codcrm/core/lead/lead-delivery")).LeadDelivery(await leads(), await mail(), clock),
    ),
    readerMail,
    articleSends,
    startSend: options.startSend ?? (() => {}),
    outboxPage: options.outboxPage ?? (() => undefined),
    personalData: store(async () => (await import("@codcrm/core/db/personal-data-repository")).PersonalDataRepository),
    contactPosts: windowCounter("contact", formPostWindow),
    newsletterPosts: windowCounter("newsletter", formPostWindow),
    cdn,
    articleChanges: once(async () => {
      const { ArticleChanges } = await import("@codcrm/core/article/article-changes");
      const { articleSendSchedule } = await import("@codcrm/core/article/article-send-schedule");
      // A feature that reacts to article changes (the newsletter, social cards) adds its
      // `ArticleObserver` to this list.
      return new ArticleChanges(cdn, [articleSendSchedule(articleSends, clock)]);
    }),
  };
}
