import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { LOGIN_WINDOW_MS, PASSWORD_CHECKS_IN_FLIGHT } from "@codcrm/core/auth/login-schema";
import { PasswordGate } from "@codcrm/core/auth/password-gate";
import type { ServerConfig } from "@codcrm/core/config/server-config";
import { ArticleRepository } from "@codcrm/core/db/article-repository";
import { createDocumentClient } from "@codcrm/core/db/dynamo-client";
import { LeadRepository } from "@codcrm/core/db/lead-repository";
import { OutboxRepository } from "@codcrm/core/db/outbox-repository";
import { TokenRevocations } from "@codcrm/core/db/token-revocations";
import { WindowCounter } from "@codcrm/core/db/window-counter";
import { FORM_POST_WINDOW_MS } from "@codcrm/core/lead/lead";
import { LeadDelivery } from "@codcrm/core/lead/lead-delivery";
import { createMailTransport } from "@codcrm/core/mail/create-transport";
import type { MailTransport } from "@codcrm/core/mail/mail-transport";

/** What a handler may use. Built once per process (Lambda container or local server). */
export interface Deps {
  config: ServerConfig;
  /** Injectable so tests can move time instead of sleeping. */
  clock: () => Date;
  db: DynamoDBDocumentClient;
  articles: ArticleRepository;
  /** Login attempts per client address, and per device cookie (`device#{id}`). */
  loginFailures: WindowCounter;
  /** Password checks of the whole site (key "site"). */
  loginChecks: WindowCounter;
  /** Bounds the scrypt checks in flight in this process. */
  passwordGate: PasswordGate;
  /** Admin tokens signed out before their expiry. */
  revocations: TokenRevocations;
  /** One view per client per article per window (key `{articleId}#{client}`). */
  viewWindows: WindowCounter;
  leads: LeadRepository;
  outbox: OutboxRepository;
  mail: MailTransport;
  delivery: LeadDelivery;
  /** Contact/trial posts per client. */
  contactPosts: WindowCounter;
  /** Newsletter posts per client. */
  newsletterPosts: WindowCounter;
}

export function createDeps(
  config: ServerConfig,
  options: { clock?: () => Date; db?: DynamoDBDocumentClient } = {},
): Deps {
  const db = options.db ?? createDocumentClient({ region: config.AWS_REGION, endpoint: config.DYNAMODB_ENDPOINT });
  const clock = options.clock ?? (() => new Date());
  const leads = new LeadRepository(db, config.TABLE_NAME);
  const outbox = new OutboxRepository(db, config.TABLE_NAME);
  const mail = createMailTransport(config, outbox, clock);
  return {
    config,
    clock,
    db,
    articles: new ArticleRepository(db, config.TABLE_NAME),
    loginFailures: new WindowCounter(db, config.TABLE_NAME, "login", LOGIN_WINDOW_MS),
    loginChecks: new WindowCounter(db, config.TABLE_NAME, "login-site", LOGIN_WINDOW_MS),
    passwordGate: new PasswordGate(PASSWORD_CHECKS_IN_FLIGHT),
    revocations: new TokenRevocations(db, config.TABLE_NAME),
    viewWindows: new WindowCounter(db, config.TABLE_NAME, "view", config.VIEW_WINDOW_MINUTES * 60_000),
    leads,
    outbox,
    mail,
    delivery: new LeadDelivery(leads, mail, clock),
    contactPosts: new WindowCounter(db, config.TABLE_NAME, "contact", FORM_POST_WINDOW_MS),
    newsletterPosts: new WindowCounter(db, config.TABLE_NAME, "newsletter", FORM_POST_WINDOW_MS),
  };
}
