import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import type { ServerConfig } from "@codcrm/core/config/server-config.server";
import type { WindowCounter } from "@codcrm/core/db/window-counter";
import type { Deps, DepsOptions } from "../deps.ts";

/** The members of `Deps` that load their code on first use (all but the plain values and the hooks). */
export type MadeMember = Exclude<keyof Deps, "config" | "clock" | "db" | "startSend" | "outboxPage" | "startWebhook">;

/** How a member is made, once, on its first use: from the other members (`deps.db()`, `deps.config`) and the options. */
export type Makers = { [K in MadeMember]?: (deps: Deps, options: DepsOptions) => ReturnType<Deps[K]> };

/**
 * Puts `Deps` together from groups of makers (`deps/*-stores.ts`). Each group is a module of
 * its own, so a function bundles the chunks of the groups its handler's import graph reaches and
 * no other: esbuild emits the chunk of every dynamic import of a module it bundles, reached or
 * not (docs/decisions/0210-each-function-bundles-its-own-stores.md). A member no group makes
 * fails on use, naming itself; the handler-deps test makes sure no handler uses one.
 */
export function makeDeps(config: ServerConfig, options: DepsOptions, ...groups: Makers[]): Deps {
  const makers: Makers = Object.assign({}, ...groups) as Makers;
  const clock = options.clock ?? (() => new Date());
  const db = once(async () => {
    if (options.db) return options.db;
    const { createDocumentClient } = await import("@codcrm/core/db/dynamo-client");
    return createDocumentClient({ region: config.AWS_REGION, endpoint: config.DYNAMODB_ENDPOINT });
  });
  const deps = {
    config,
    clock,
    db,
    startSend: options.startSend ?? (() => {}),
    outboxPage: options.outboxPage ?? (() => undefined),
    startWebhook: options.startWebhook ?? (() => {}),
  } as Deps;
  for (const name of MADE_MEMBERS) {
    const make = makers[name] as ((deps: Deps, options: DepsOptions) => Promise<unknown>) | undefined;
    (deps as unknown as Record<string, () => Promise<unknown>>)[name] = make
      ? once(() => make(deps, options))
      : () =>
          Promise.reject(
            new Error(`deps.${name} is not made in this function: its handler names no group that makes it.`),
          );
  }
  return deps;
}

/** Every member made on use; the compiler holds the list to `MadeMember`. */
const MADE_MEMBERS = Object.keys({
  articles: 0,
  loginFailures: 0,
  loginChecks: 0,
  passwordGate: 0,
  loginGate: 0,
  loginLocks: 0,
  staff: 0,
  sessions: 0,
  challenges: 0,
  passkeys: 0,
  audit: 0,
  codeMails: 0,
  viewWindows: 0,
  leads: 0,
  subscriptions: 0,
  outbox: 0,
  mail: 0,
  delivery: 0,
  readerMail: 0,
  articleSends: 0,
  personalData: 0,
  contactPosts: 0,
  newsletterPosts: 0,
  cdn: 0,
  articleChanges: 0,
  mediaStorage: 0,
  mediaRecords: 0,
  media: 0,
  analytics: 0,
  leadWebhooks: 0,
} satisfies Record<MadeMember, 0>) as MadeMember[];

/** Makes a value on the first call and gives the same one after; a failed attempt is retried. */
export function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () =>
    (made ??= make().catch((error: unknown) => {
      made = undefined;
      throw error;
    }));
}

/** A store of the table: its class loaded on first use, then one instance on the client and the table's name. */
export function store<T>(load: () => Promise<new (db: DynamoDBDocumentClient, table: string) => T>) {
  return async (deps: Deps): Promise<T> => new (await load())(await deps.db(), deps.config.TABLE_NAME);
}

/** A window counter of the table under `name`, its window from `windowMs`. */
export function windowCounter(name: string, windowMs: (deps: Deps) => Promise<number>) {
  return async (deps: Deps): Promise<WindowCounter> => {
    const { WindowCounter } = await import("@codcrm/core/db/window-counter");
    return new WindowCounter(await deps.db(), deps.config.TABLE_NAME, name, await windowMs(deps));
  };
}
