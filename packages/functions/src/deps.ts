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
import { ANALYTICS_STORES } from "./deps/analytics-stores.ts";
import { ARTICLE_CHANGE_STORES } from "./deps/article-change-stores.ts";
import { ARTICLE_STORES } from "./deps/article-stores.ts";
import { LEAD_STORES } from "./deps/lead-stores.ts";
import { MAIL_STORES } from "./deps/mail-stores.ts";
import { makeDeps } from "./deps/made.ts";
import { MEDIA_STORES } from "./deps/media-stores.ts";
import { STAFF_STORES } from "./deps/staff-stores.ts";

/**
 * What a handler may use. `config` and `clock` are plain values; every other dependency is
 * a function that loads its code on first use (a dynamic import, a chunk of its own in the
 * Lambda bundle) and then keeps the one instance: a route loads only what it uses, so the
 * health check never loads the DynamoDB client, and a cold start pays for nothing else
 * (docs/decisions/0010-one-lambda-per-route.md). Built once per process (Lambda container
 * or local server).
 *
 * To add a dependency: a member here, and its maker in the group of `deps/*-stores.ts` it
 * belongs to, importing its module inside the maker (a static import would load it in every
 * cold start). A dynamic import still puts its module in the bundle of every function whose
 * handler names its group, as a chunk, loaded or not: a route's Lambda makes only the staff's
 * stores and the groups its handler names (`lambda(route, MAIL_STORES)`), so a function deploys
 * the stores it can use and no other (docs/decisions/0210-each-function-bundles-its-own-stores.md);
 * the handler-deps test names the group a handler misses. A heavy dependency that one function
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

/** What a runtime gives `createDeps` (and `makeDeps`) beyond the configuration. */
export interface DepsOptions {
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
}

/**
 * Every member, for the runtimes that serve every route or run a job (the local server, the
 * tests, the scheduled jobs). A route's Lambda makes only the groups its handler names
 * (`lambda(route, ...groups)`): this file imports every group, so no handler imports it.
 */
export function createDeps(config: ServerConfig, options: DepsOptions = {}): Deps {
  return makeDeps(
    config,
    options,
    STAFF_STORES,
    MAIL_STORES,
    ARTICLE_STORES,
    ARTICLE_CHANGE_STORES,
    MEDIA_STORES,
    LEAD_STORES,
    ANALYTICS_STORES,
  );
}
