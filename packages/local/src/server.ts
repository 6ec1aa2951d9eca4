import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { parseServerConfig } from "@codcrm/core/config/server-config.server";
import { inlineScriptHashes } from "@codcrm/core/web/inline-script-hashes";
import { isAdminPath } from "@codcrm/core/site/languages";
import { OPENER_ISOLATION_HEADERS, isOpenerIsolatedPath, securityHeaders } from "@codcrm/core/web/security-headers";
import { redirectCacheControl } from "@codcrm/core/site/url-map";
import { createDeps, type Deps } from "@codcrm/functions/deps";
import { retryDeliveries } from "@codcrm/functions/jobs/retry-deliveries";
import { sendArticleInBackground, sendDueArticles } from "@codcrm/functions/jobs/send-articles";
import { eraseExpiredTrash } from "@codcrm/functions/jobs/erase-trash";
import { warmSocialCards } from "@codcrm/functions/handlers/social-card";
import { deliverDueWebhooks } from "@codcrm/functions/jobs/deliver-webhooks";
import { loadHandlers, matchPageRoute, sendError, serveApi } from "./api-adapter.ts";
import { ensureTable } from "./create-table.ts";
import { startEmbeddedStore } from "./embedded-store.ts";
import { loadLocalSecrets } from "./local-secrets.server.ts";
import { seedIfEmpty } from "./seed.ts";
import { parseSiteConfig } from "@codcrm/core/site/site-env";
import { StaticFiles, cacheControlFor } from "./static-files.ts";
import { SPA_FALLBACK, classifyMissingPath, redirectFor } from "./page-fallbacks.ts";
import { isMediaRequest, serveMedia } from "./media-files.ts";
import { isOutboxRequest, outboxPageFor, serveOutbox } from "./outbox-pages.ts";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import type { LocalMediaStorage } from "@codcrm/core/media/local-media-storage.server";
import type { Duplex } from "node:stream";
import { ClientGoneError } from "./client-gone.ts";
import { LoginLane } from "./login-lane.ts";
import { readDeviceCookie } from "@codcrm/core/auth/device-cookie.server";
import { loginBusyError } from "@codcrm/core/auth/login-gate";
import { routeByName } from "@codcrm/functions/routes";
import { SOCIAL_CARD_FOLDER } from "@codcrm/core/article/social-card";

/** Where the generated social cards' page route answers, under `/media/`. */
const SOCIAL_CARD_PATH = `/media/${SOCIAL_CARD_FOLDER}/`;
import { allowedHosts, parseAllowedHostsSetting } from "./allowed-hosts.ts";

/** The login route: the one whose attempts take turns in the login lane. */
const LOGIN_PATH = routeByName("auth-login").path;

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
export const DEFAULT_WEB_ROOT = path.join(REPO_ROOT, "web/build/client");

/** A request target as a URL, or undefined when it cannot be parsed. */
export function requestUrl(target: string | undefined): URL | undefined {
  try {
    return new URL(target ?? "/", "http://localhost");
  } catch {
    return undefined;
  }
}

export interface LocalServerOptions {
  port?: number;
  host?: string;
  /** LevelDB folder; null keeps everything in memory (tests). */
  dataDir?: string | null;
  webRoot?: string;
  /** The web app's server build the blog's pages render with (default: this checkout's, `npm run build`). */
  serverBuild?: string;
  env?: Record<string, string | undefined>;
  clock?: () => Date;
  /** Seed demo articles into an empty store (default true). */
  seed?: boolean;
  /**
   * When the seeded articles' social cards are drawn: in the `background` once the server
   * answers (default), `before` it answers (the bench, so that no drawing runs while it
   * measures), or `never` ahead (each is drawn when first asked for: the test servers, whose
   * tests time pages on a busy host).
   */
  drawSeededCards?: "background" | "before" | "never";
  /**
   * How often to run the article sends that are due (default every minute, as on AWS); null:
   * only at start (tests run the job themselves, on their own clock), and so the hourly erase of
   * the trash.
   */
  sendDueArticlesEveryMs?: number | null;
  /** Send leads left undelivered by an earlier run, in the background (default true). */
  retryDeliveriesOnStart?: boolean;
  log?: (message: string) => void;
}

export interface LocalServer {
  url: string;
  port: number;
  deps: Deps;
  /** Set when the admin password was generated for this data folder. */
  generatedPassword?: string;
  /** Where logins without a device cookie wait their turn (docs/decisions/0322-sign-in-and-its-limits.md). */
  loginLane: LoginLane;
  /** Requests being answered now (a request whose client hung up is not one for long). */
  requestsInFlight(): number;
  /**
   * Stops taking requests, lets those under way finish with the store for up to `graceMs`
   * (default CLOSE_GRACE_MS), then closes the store whatever is left: a request still running
   * then is cancelled, never waited for without end.
   */
  close(options?: { graceMs?: number }): Promise<void>;
}

/** How often the local server runs the sends that are due, as the AWS job does. */
const SEND_DRAIN_INTERVAL_MS = 60_000;

/** How often the local server erases the articles whose time in the trash is over, as the AWS job does. */
const TRASH_ERASE_INTERVAL_MS = 60 * 60_000;

/** How long closing waits for requests under way before it cancels them and closes the store. */
export const CLOSE_GRACE_MS = 3_000;

/**
 * A path whose percent-escapes do not decode (`/media/%`, `/%E0%A4%A`): the client's mistake,
 * refused once here for every route rather than met as a URIError somewhere inside one.
 */
export function hasMalformedEscape(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

/** Status lines of the requests Node's HTTP parser refuses before any handler sees them. */
const PARSER_REFUSALS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, "Request Header Fields Too Large"],
  ERR_HTTP_REQUEST_TIMEOUT: [408, "Request Timeout"],
};

/**
 * The whole product in one process: CloudFront (static files, security headers), API
 * Gateway (`/api/*` to the route table's handlers) and DynamoDB (embedded).
 */
export async function startLocalServer(options: LocalServerOptions = {}): Promise<LocalServer> {
  const env = options.env ?? process.env;
  const dataDir = options.dataDir === undefined ? path.join(REPO_ROOT, ".data") : options.dataDir;
  const log = options.log ?? (() => {});
  const store = await startEmbeddedStore(dataDir);
  // One run of the webhook's job at a time; a run asked for during one follows it.
  let posting: Promise<unknown> = Promise.resolve();
  // Made below, once the store is up; the closures above read it later.
  let deps: Deps;
  function postDueWebhooks(): void {
    posting = posting
      .then(() => deliverDueWebhooks(deps))
      .catch((error: unknown) =>
        log(`Posting leads to the webhook failed: ${error instanceof Error ? error.message : String(error)}`),
      );
  }
  try {
    const secrets = await loadLocalSecrets(env, dataDir);
    // Images live beside the store; without a data folder, in a temporary one removed on close.
    const mediaDir = dataDir ? path.join(dataDir, "media") : await mkdtemp(path.join(tmpdir(), "codcrm-media-"));
    const config = parseServerConfig({
      TABLE_NAME: "codcrm-local",
      SITE_URL: env.SITE_URL || `http://localhost:${options.port ?? 3000}`,
      ...(options.serverBuild ? { WEB_SERVER_BUILD: options.serverBuild } : {}),
      ...env,
      DYNAMODB_ENDPOINT: store.endpoint,
      AWS_REGION: "local",
      JWT_SECRET: secrets.jwtSecret,
      ADMIN_PASSWORD_HASH: secrets.adminPasswordHash,
      MEDIA_DIR: mediaDir,
      MEDIA_BUCKET: undefined,
    });
    const client = new DynamoDBClient({
      region: "local",
      endpoint: store.endpoint,
      credentials: { accessKeyId: "local", secretAccessKey: "local" },
    });
    await ensureTable(client, config.TABLE_NAME);
    // A send asked for in the admin runs here, in the background, after its request answers
    // (on AWS a scheduled job drains it: docs/decisions/0163-article-sends.md).
    deps = createDeps(config, {
      clock: options.clock,
      startSend: (articleId) => sendArticleInBackground(deps, articleId),
      // The admin's outbox links each mail to its page here (docs/decisions/0184-outbox-links-from-the-admin.md).
      outboxPage: outboxPageFor(config.MAIL_TRANSPORT),
      // A new lead is posted to the webhook at once, in the background (on AWS the job does it
      // within a minute: docs/decisions/0405-lead-webhook.md).
      startWebhook: () => postDueWebhooks(),
    });
    let warming: Promise<unknown> = Promise.resolve();
    if (config.LEAD_WEBHOOK_URL && !config.LEAD_WEBHOOK_SECRET)
      throw new Error("LEAD_WEBHOOK_URL is set without LEAD_WEBHOOK_SECRET: set both to post leads to the CRM.");
    if (options.seed !== false) {
      const seeded = await seedIfEmpty(await deps.articles(), await deps.mediaRecords(), deps.clock());
      if (seeded) log(`Seeded ${seeded} demo articles.`);
      // Their social cards are drawn in the background, so that the blog's first visits find them
      // made; a card asked for before is drawn by its request (docs/decisions/0454-generated-social-cards.md).
      const drawing = options.drawSeededCards ?? "background";
      if (seeded && drawing !== "never") {
        const started = performance.now();
        warming = warmSocialCards(deps).then(
          (cards) => log(`Drew ${cards} social card images in ${Math.round(performance.now() - started)} ms.`),
          (error: unknown) =>
            log(`Drawing the social cards failed: ${error instanceof Error ? error.message : String(error)}`),
        );
        if (drawing === "before") await warming;
      }
    }
    // What AWS runs on a schedule runs here at start: leads a provider refused last time go out now.
    const retrying =
      options.retryDeliveriesOnStart === false
        ? Promise.resolve()
        : retryDeliveries(deps).then(
            ({ due, sent, failed, skipped }) =>
              log(`Deliveries due at start: ${due} (sent ${sent}, failed ${failed}, skipped ${skipped}).`),
            (error: unknown) =>
              log(`Retrying deliveries at start failed: ${error instanceof Error ? error.message : String(error)}`),
          );
    // Likewise the article sends AWS drains every minute: those due at start (a send the last
    // run left unfinished) and each minute after (a scheduled article whose time came); and the
    // leads due at the CRM's webhook, one run at a time.
    let draining: Promise<unknown> = Promise.resolve();
    const drain = () => {
      draining = draining
        .then(() => sendDueArticles(deps))
        .catch((error: unknown) =>
          log(`Sending due articles failed: ${error instanceof Error ? error.message : String(error)}`),
        );
      postDueWebhooks();
    };
    drain();
    const every =
      options.sendDueArticlesEveryMs === undefined ? SEND_DRAIN_INTERVAL_MS : options.sendDueArticlesEveryMs;
    const drainTimer = every === null ? undefined : setInterval(drain, every).unref();
    // And the trash's hourly erase: articles past their 30 days go with everything they hold
    // (docs/decisions/0450-article-trash.md); dynalite has no TTL, and reads never show them anyway.
    let erasing: Promise<unknown> = Promise.resolve();
    const erase = () => {
      erasing = erasing
        .then(() => eraseExpiredTrash(deps))
        .then(
          (erased) => erased && log(`Erased ${erased} articles whose 30 days in the trash were over.`),
          (error: unknown) =>
            log(`Erasing the trash failed: ${error instanceof Error ? error.message : String(error)}`),
        );
    };
    erase();
    const eraseTimer = every === null ? undefined : setInterval(erase, TRASH_ERASE_INTERVAL_MS).unref();
    // Likewise the bucket's lifecycle rule: uploads never completed go once a day old.
    const sweeping = (async () => {
      const removed = await ((await deps.mediaStorage()) as LocalMediaStorage).removeStaleUploads();
      if (removed) log(`Removed ${removed} uploads never completed.`);
    })().catch((error: unknown) =>
      log(`Removing stale uploads failed: ${error instanceof Error ? error.message : String(error)}`),
    );
    // Only the names this server is known by: a page that rebinds its own name to this machine
    // reads nothing here (docs/decisions/0205-local-server-answers-its-own-hosts.md).
    const hosts = allowedHosts({ siteUrl: config.SITE_URL, extra: parseAllowedHostsSetting(env.ALLOWED_HOSTS) });
    // The CRM sign-in URL the web build was given (VITE_CRM_SIGN_IN_URL, same default).
    const { crmSignInUrl } = parseSiteConfig(env);
    const handlers = await loadHandlers();
    const webRoot = options.webRoot ?? DEFAULT_WEB_ROOT;
    const files = new StaticFiles(webRoot);
    // The same CSP CloudFront sends: the hashes of the inline scripts of the build served here.
    const headers = securityHeaders({ scriptHashes: inlineScriptHashes(webRoot), imageSources: config.IMAGE_ORIGINS });
    // The admin's and the outbox's documents also cut their window handles to other sites, as
    // CloudFront's admin behaviours do (docs/decisions/0199-opener-isolation-on-the-admin-only.md).
    const isolatedHeaders = { ...headers, ...OPENER_ISOLATION_HEADERS };

    const loginLane = new LoginLane();
    // Requests being answered: closing waits for them before it closes the store they use.
    const inFlight = new Set<Promise<void>>();
    const server = createServer((req, res) => {
      const handling = handle(req, res).catch((error: unknown) => {
        // A client that hung up is no error of ours: its request just ends.
        if (!(error instanceof ClientGoneError)) console.error(error);
        if (!res.headersSent) res.writeHead(500, { ...headers, "content-type": "text/plain; charset=utf-8" });
        res.end("Internal error");
      });
      inFlight.add(handling);
      void handling.finally(() => inFlight.delete(handling));
    });
    // Keep-alive sockets from browsers must not hold the process open on shutdown.
    server.keepAliveTimeout = 5_000;
    // What Node's own parser refuses (a NUL in the path, a folded header, a bare line feed)
    // never reaches `handle`: it is answered here, with the same security headers as the rest.
    server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
      const busy = (socket as Duplex & { _httpMessage?: ServerResponse })._httpMessage?.headersSent;
      if (error.code === "ECONNRESET" || !socket.writable || busy) return void socket.destroy();
      const [status, reason] = PARSER_REFUSALS[error.code ?? ""] ?? [400, "Bad Request"];
      const body = "Bad request: the request could not be read.";
      const lines = Object.entries({
        ...headers,
        "content-type": "text/plain; charset=utf-8",
        "cache-control": "no-store",
        "content-length": String(Buffer.byteLength(body)),
        connection: "close",
      }).map(([name, value]) => `${name}: ${value}`);
      socket.end(`HTTP/1.1 ${status} ${reason}\r\n${lines.join("\r\n")}\r\n\r\n${body}`);
    });

    async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
      if (!hosts.allows(req.headers.host)) {
        res.writeHead(403, { ...headers, "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" });
        return void res.end(
          `Blocked request: this server does not answer the host ${JSON.stringify(req.headers.host)}. ` +
            "To reach it under that name, add the name to ALLOWED_HOSTS.",
        );
      }
      const url = requestUrl(req.url);
      if (url === undefined || hasMalformedEscape(url.pathname)) {
        // A target no URL parser accepts (`//[/x`, `http://%/`) or whose escapes do not decode
        // (`/media/%`): the client's mistake, answered like every other page, with the security headers.
        res.writeHead(400, { ...headers, "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" });
        return void res.end("Bad request: the address is not valid.");
      }
      const pathname = url.pathname;
      if (pathname === "/api" || pathname.startsWith("/api/")) {
        // A login without a device cookie waits its turn: files never queue behind a flood of them.
        if (
          req.method === "POST" &&
          pathname === LOGIN_PATH &&
          !readDeviceCookie(req.headers.cookie, deps.config.JWT_SECRET)
        ) {
          try {
            await loginLane.enter(req);
          } catch (error) {
            if (error instanceof ClientGoneError) return void res.end();
            return sendError(res, loginBusyError(), headers);
          }
        }
        return serveApi(req, res, handlers, deps, headers, env.TRUST_CLIENT_ADDRESS_HEADER === "1");
      }
      // The developer's view of the kept mails: the local server's alone, never a route on AWS
      // (docs/decisions/0165-outbox-page.md).
      if (isOutboxRequest(pathname)) {
        const { MAIL_TRANSPORT, SES_FROM } = deps.config;
        return serveOutbox(req, res, deps.outbox, { transport: MAIL_TRANSPORT, from: SES_FROM }, isolatedHeaders);
      }
      // Like CloudFront's `/media/cards/*` behaviour: generated social cards come from their page
      // route, which keeps each one in the media folder once drawn (docs/decisions/0454-generated-social-cards.md).
      const card = pathname.startsWith(SOCIAL_CARD_PATH) ? matchPageRoute(req.method ?? "GET", pathname) : undefined;
      if (card) return serveApi(req, res, handlers, deps, headers, false, card);
      if (isMediaRequest(pathname)) {
        return serveMedia(req, res, (await deps.mediaStorage()) as LocalMediaStorage, headers);
      }
      if (req.method !== "GET" && req.method !== "HEAD") {
        res.writeHead(405, { ...headers, allow: "GET, HEAD" });
        return void res.end();
      }
      // Like CloudFront: page routes have their own behaviours; the URL map answers the rest. The
      // admin's behaviours come first there (`/admin/blog/{id}` also fits `/{lang}/blog/{segment}`).
      const page = isAdminPath(pathname) ? undefined : matchPageRoute(req.method ?? "GET", pathname);
      const redirect = page ? undefined : redirectFor(pathname, url.search, req.headers.cookie, crmSignInUrl);
      if (redirect) {
        // As the CloudFront function answers it: who may keep it depends on what chose it.
        res.writeHead(redirect.status, {
          ...headers,
          location: redirect.location,
          "cache-control": redirectCacheControl(redirect.status, redirect.personal),
          vary: "Cookie",
        });
        return void res.end();
      }
      // The admin's documents, the shell among them, cut their window handles to other sites (decision 0199).
      const pathHeaders = isOpenerIsolatedPath(pathname)
        ? { ...isolatedHeaders, "x-robots-tag": "noindex, nofollow" }
        : headers;
      const file = await files.resolve(pathname);
      if (file) return files.send(req, res, 200, { ...file, cacheControl: cacheControlFor(file) }, pathHeaders);
      // Like CloudFront's origin failover: what S3 does not have, a page route may render.
      if (page) return serveApi(req, res, handlers, deps, headers, false, page);
      // The admin area and client-rendered pages get the app shell; anything else is "page not found".
      const fallback = classifyMissingPath(pathname);
      const fallbackPage = (await files.resolve(fallback.file)) ?? (await files.resolve(SPA_FALLBACK));
      if (!fallbackPage) {
        res.writeHead(404, { ...headers, "content-type": "text/plain; charset=utf-8" });
        return void res.end("Not found. Build the web app first: npm run build");
      }
      // The admin area must never be indexed, whatever a crawler does with the page's own meta.
      files.send(req, res, fallback.status, { ...fallbackPage, cacheControl: "no-cache" }, pathHeaders);
    }

    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(options.port ?? 3000, options.host ?? "127.0.0.1", () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    return {
      url: `http://localhost:${port}`,
      port,
      deps,
      generatedPassword: secrets.generatedPassword,
      loginLane,
      requestsInFlight: () => inFlight.size,
      async close({ graceMs = CLOSE_GRACE_MS } = {}) {
        clearInterval(drainTimer);
        clearInterval(eraseTimer);
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        // Requests under way (their clients are gone now) finish their store calls: those
        // must still find the client and the store open, or they fail (and the store throws
        // once closed). A request still running after the grace is cancelled: the store closes.
        let timer: NodeJS.Timeout | undefined;
        const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
        await Promise.race([
          Promise.all([...inFlight, retrying, sweeping, draining, posting, erasing, warming]),
          deadline,
        ]);
        clearTimeout(timer);
        (await deps.db()).destroy();
        client.destroy();
        await store.close();
        if (!dataDir) await rm(mediaDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await store.close();
    throw error;
  }
}
