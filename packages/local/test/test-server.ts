import { spawn, type ChildProcess } from "node:child_process";
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Subscriber } from "@codcrm/core/lead/lead";
import type { AdminSubscribersResponse } from "@codcrm/core/lead/subscriber-overview";
import type { Language } from "@codcrm/core/site/languages";
import type { Role } from "@codcrm/core/staff/roles";
import { PutCommand } from "@aws-sdk/lib-dynamodb";
import { afterEach, expect } from "vitest";
import { startFakeEmailJs, type FakeEmailJs } from "@codcrm/core/test/fake-emailjs-server";
import { REPO_ROOT, startLocalServer, type LocalServer } from "../src/server.ts";

export const TEST_PASSWORD = "test-admin-password";
/** The first owner's address (ADMIN_EMAIL) on every test server. */
export const TEST_OWNER_EMAIL = "laura@codcrm.test";
/** Requests look like a visitor's browser (a bot's views are not counted). */
export const BROWSER_USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

export interface TestClock {
  now: Date;
  advance(ms: number): void;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read JSON bodies loosely
export interface ApiResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface TestServer extends LocalServer {
  clock: TestClock;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read JSON bodies loosely
  api<T = any>(method: string, path: string, options?: ApiOptions): Promise<ApiResult<T>>;
  /**
   * Signs the owner in as a browser does (address and password; the code mailed to a new
   * device, read from the outbox) and answers the session: pass it as `token` to `api`.
   */
  login(): Promise<string>;
  /** Signs a person in the same way; `device` carries a known device's cookie (no code asked). */
  signIn(email: string, password: string, options?: { device?: string; client?: string }): Promise<SignedIn>;
}

export interface ApiOptions {
  body?: unknown;
  /**
   * Who asks: a session as `signIn` answers it (its `Cookie` header; the CSRF header is sent with
   * it, as the admin does) or a personal API key (`codcrm_…`, as `Authorization: Bearer`).
   */
  token?: string;
  headers?: Record<string, string>;
  raw?: string;
}

/** A signed-in browser: its `Cookie` header (session and device cookies) and the person the server answered. */
export interface SignedIn {
  cookie: string;
  /** The device cookie alone, to sign in again from the same browser. */
  device: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read JSON bodies loosely
  person: any;
}

/** `name=value` of each Set-Cookie of an answer, by name (a cleared cookie's value is empty). */
export function setCookies(headers: Headers): Record<string, string> {
  return Object.fromEntries(
    headers.getSetCookie().map((line) => {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
  );
}

/** The six digits of the last code mailed for the sign-in `challenge`, from the outbox. */
export async function mailedCode(server: Pick<TestServer, "deps">, challenge: string): Promise<string> {
  const { items } = await (await server.deps.outbox()).list({ limit: 200 });
  const mails = items
    .filter((mail) => mail.leadId.startsWith(`sign-in-code-${challenge}-`))
    .sort((a, b) => Number(b.leadId.split("-").pop()) - Number(a.leadId.split("-").pop()));
  const code = /\b(\d{6})\b/.exec(mails[0]?.text ?? "")?.[1];
  if (!code) throw new Error(`No code was mailed for ${challenge}`);
  return code;
}

export interface TestServerOptions {
  seed?: boolean;
  env?: Record<string, string>;
  webRoot?: string;
}

/**
 * A server as deployed: behind the CDN, which names the client's address in a header the server
 * trusts, at the site's public address (what the request guards and the page views read).
 */
export const AS_DEPLOYED: TestServerOptions = {
  env: { TRUST_CLIENT_ADDRESS_HEADER: "1", SITE_URL: "https://www.codcrm.com" },
};

/**
 * The image hosts the tests' articles use, listed as an operator lists theirs
 * (docs/decisions/0206-images-from-listed-origins.md); a test of an unlisted host uses another.
 */
export const TEST_IMAGE_ORIGINS = "https://images.example.com,https://images.example,https://example.com";

/** The real local runtime (handlers + in-memory embedded DynamoDB) with a clock tests can move. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const clock: TestClock = {
    now: new Date("2026-11-21T10:00:00.000Z"),
    advance(ms) {
      this.now = new Date(this.now.getTime() + ms);
    },
  };
  const server = await startLocalServer({
    port: 0,
    dataDir: null,
    seed: options.seed ?? false,
    // A test asks for the cards it reads; drawing every seeded one would only keep closing waiting.
    drawSeededCards: "never",
    webRoot: options.webRoot,
    clock: () => clock.now,
    // Tests move the clock: a send is run by the test itself, never by a timer.
    sendDueArticlesEveryMs: null,
    env: {
      ADMIN_PASSWORD: TEST_PASSWORD,
      ADMIN_NAME: "Laura",
      ADMIN_EMAIL: TEST_OWNER_EMAIL,
      IMAGE_ORIGINS: TEST_IMAGE_ORIGINS,
      ...options.env,
    },
  });
  async function api(method: string, path: string, { body, token, headers = {}, raw }: ApiOptions = {}) {
    const response = await fetch(server.url + path, {
      method,
      headers: {
        "user-agent": BROWSER_USER_AGENT,
        ...(body !== undefined || raw !== undefined ? { "content-type": "application/json" } : {}),
        ...(token && /^codcrm_[\w-]{43}$/.test(token)
          ? { authorization: `Bearer ${token}` }
          : token
            ? { cookie: token, "x-codcrm-csrf": "1" }
            : {}),
        ...headers,
      },
      body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
  }
  let signIns = 0;
  async function signIn(
    email: string,
    password: string,
    { device, client }: { device?: string; client?: string } = {},
  ): Promise<SignedIn> {
    signIns += 1;
    const from = { "cloudfront-viewer-address": `${client ?? `10.250.${(signIns >> 8) & 255}.${signIns & 255}`}:5000` };
    const login = await api("POST", "/api/auth/login", {
      body: { email, password },
      headers: { ...from, ...(device ? { cookie: device } : {}) },
    });
    let answer = login;
    if (login.status === 202) {
      const deviceCookie = `codcrm_device=${setCookies(login.headers).codcrm_device}`;
      const code = await mailedCode({ deps: server.deps }, login.body.challenge).catch(() => undefined);
      if (code) {
        answer = await api("POST", "/api/auth/code", {
          body: { challenge: login.body.challenge, code },
          headers: { ...from, cookie: deviceCookie },
        });
      } else {
        // Mail to staff leaves through a provider here (SES, EmailJS), not the outbox: the
        // device is made known in the store instead, and the password signs in again from it.
        const deviceId = /^codcrm_device=([\w-]{22})\./.exec(deviceCookie)?.[1] ?? "";
        const member = await (await server.deps.staff()).byEmail(email);
        await (await server.deps.staff()).rememberDevice(member!.id, deviceId, clock.now);
        answer = await api("POST", "/api/auth/login", {
          body: { email, password },
          headers: { ...from, cookie: deviceCookie },
        });
      }
    }
    if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    const cookies = setCookies(answer.headers);
    const deviceCookie = `codcrm_device=${cookies.codcrm_device}`;
    return {
      cookie: `codcrm_session=${cookies.codcrm_session}; ${deviceCookie}`,
      device: deviceCookie,
      person: answer.body.person,
    };
  }
  return {
    ...server,
    clock,
    api,
    signIn,
    async login() {
      return (await signIn(TEST_OWNER_EMAIL, TEST_PASSWORD)).cookie;
    },
  };
}

/** A folder of files served as a web build (`webRoot`), in a new temporary folder the caller removes. */
export async function writeWebRoot(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "codcrm-web-"));
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
  return dir;
}

/** The EmailJS ids and keys the EmailJS test server is configured with, and its stand-in expects. */
export const EMAILJS_TEST_KEYS = {
  serviceId: "service_codcrm",
  templateId: "template_lead",
  publicKey: "public-key",
  privateKey: "private-key",
};

/**
 * A test server whose mail to the team goes through EmailJS's REST API to a stand-in for it
 * (`startFakeEmailJs`), on the client address CloudFront gives. Close both after the file.
 */
export async function startEmailJsTestServer(
  env: Record<string, string> = {},
): Promise<{ server: TestServer; fake: FakeEmailJs }> {
  const fake = await startFakeEmailJs(EMAILJS_TEST_KEYS);
  const server = await startTestServer({
    env: {
      TRUST_CLIENT_ADDRESS_HEADER: "1",
      MAIL_TRANSPORT: "emailjs",
      EMAILJS_API_URL: fake.url,
      EMAILJS_SERVICE_ID: EMAILJS_TEST_KEYS.serviceId,
      EMAILJS_TEMPLATE_ID: EMAILJS_TEST_KEYS.templateId,
      EMAILJS_PUBLIC_KEY: EMAILJS_TEST_KEYS.publicKey,
      EMAILJS_PRIVATE_KEY: EMAILJS_TEST_KEYS.privateKey,
      MAIL_TO: "team@codcrm.test",
      // Only the provider that never answers waits this long; one that answers must never be
      // timed out by a slow, busy host (300 ms was: the fake runs in this busy process).
      MAIL_TIMEOUT_MS: "3000",
      ...env,
    },
  }).catch(async (error: unknown) => {
    await fake.close();
    throw error;
  });
  return { server, fake };
}

/** A contact request from its own client address; answers the status. */
let contactClients = 0;
export async function postContact(server: TestServer, email: string): Promise<number> {
  contactClients++;
  const posted = await server.api("POST", "/api/contact", {
    body: { kind: "contact", name: "Ana", email, message: "¿Tenéis integración con mi tienda?" },
    headers: {
      "cloudfront-viewer-address": `10.30.${Math.floor(contactClients / 250)}.${contactClients % 250}:4000`,
    },
  });
  return posted.status;
}

/** A test server and an administrator's token on it: `({ server, token } = await signedInServer())`. */
export async function signedInServer(options: TestServerOptions = {}): Promise<{ server: TestServer; token: string }> {
  const server = await startTestServer(options);
  return { server, token: await server.login() };
}

/**
 * A person of `role` invited by the owner (`token`) who accepted the invitation from its mail:
 * the session cookie they were signed in with (docs/decisions/0420-staff-roles-and-permissions.md).
 */
export async function invitedPerson(server: TestServer, token: string, role: Role, email: string): Promise<string> {
  const invited = await server.api("POST", "/api/admin/staff/invitations", { token, body: { email, role } });
  if (invited.status !== 201) throw new Error(`Invitation refused: ${invited.status} ${JSON.stringify(invited.body)}`);
  const mail = (await (await server.deps.outbox()).get(`invitation-${invited.body.invitation.id}`))!;
  const accepted = await server.api("POST", "/api/auth/invitation/accept", {
    body: { token: /#([\w-]{43})/.exec(mail.text)![1], name: `Persona ${role}`, password: "a-long-password" },
  });
  if (accepted.status !== 201 || accepted.body.person.role !== role)
    throw new Error(`Invitation not accepted: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  return accepted.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

/** A reader of `language` stored as the double opt-in stores one: pending, then confirmed. */
export async function confirmedSubscriber(server: TestServer, email: string, language: Language): Promise<void> {
  const subscriptions = await server.deps.subscriptions();
  const subscriber = {
    email,
    language,
    createdAt: server.clock.now.toISOString(),
    leadId: `newsletter-${email}`,
    state: "pending" as const,
  };
  expect(await subscriptions.createPending(subscriber, "nonce", 2_000_000_000)).toBe(true);
  expect(await subscriptions.confirm(email, "nonce", server.clock.now)).toBe(true);
}

/** Every subscription as the subscribers view lists it (`GET /api/admin/subscribers`), newest first. */
export async function adminSubscribers(server: TestServer, token: string): Promise<Subscriber[]> {
  const answer = await server.api<AdminSubscribersResponse>("GET", "/api/admin/subscribers", { token });
  expect(answer.status).toBe(200);
  return answer.body.subscribers;
}

/**
 * Asks for an article's send to its subscribers and waits until the job (run in the server's
 * process) is done, failing at the first error it records. Answers the send's figures.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read JSON bodies loosely
export async function sendArticleAndWait(server: TestServer, token: string, articleId: string): Promise<any> {
  expect((await server.api("POST", `/api/admin/articles/${articleId}/send`, { token })).status).toBe(202);
  for (;;) {
    const status = await server.api("GET", `/api/admin/articles/${articleId}/send`, { token });
    expect(status.body.send?.lastError).toBeUndefined();
    if (status.body.send?.state === "done") return status.body.send;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Creates an article as the administrator; the API must answer 201. Answers the article as the API does. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read JSON bodies loosely
export async function createArticle(server: TestServer, token: string, body: Record<string, unknown>): Promise<any> {
  const result = await server.api("POST", "/api/admin/articles", { token, body });
  expect(result.status, JSON.stringify(result.body)).toBe(201);
  return result.body.article;
}

/**
 * Creates a published article (an excerpt given) and moves the clock on a minute: articles made
 * one after another get distinct times, so newest-first lists have one order.
 */
export async function createPublished(server: TestServer, token: string, body: Record<string, unknown>) {
  const article = await createArticle(server, token, { published: true, excerpt: "Resumen.", ...body });
  server.clock.advance(60_000);
  return article;
}

/**
 * A translation of `source` into English (or `language`), with a line of text: a draft, or
 * published as `createPublished` publishes.
 */
export async function createTranslation(
  server: TestServer,
  token: string,
  source: { id: string },
  title: string,
  { language = "en", published = false }: { language?: string; published?: boolean } = {},
) {
  const body = { title, content: "Text.", language, translationOf: source.id };
  return published ? createPublished(server, token, body) : createArticle(server, token, body);
}

/**
 * Puts the items of a committed fixture (`fixtures/{file}`: items as an earlier version of the
 * code stored them) straight into the table, and answers them.
 */
export async function storeFixture(server: TestServer, file: string): Promise<Record<string, unknown>[]> {
  const { items } = JSON.parse(await readFile(path.join(import.meta.dirname, "fixtures", file), "utf8")) as {
    items: Record<string, unknown>[];
  };
  const db = await server.deps.db();
  for (const item of items) await db.send(new PutCommand({ TableName: server.deps.config.TABLE_NAME, Item: item }));
  return items;
}

/**
 * Servers started by each test and closed after it: `const start = serverPerTest(env)` at the
 * top of a file, then `await start(moreEnv)` in a test (`await start(moreEnv, webRoot)` to serve
 * a web build such as `writePageTemplates` writes).
 */
export function serverPerTest(
  env: Record<string, string> = {},
): (more?: Record<string, string>, webRoot?: string) => Promise<TestServer> {
  const servers: TestServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
  return async (more = {}, webRoot) => {
    const server = await startTestServer({ env: { ...env, ...more }, webRoot });
    servers.push(server);
    return server;
  };
}

/** A login attempt from `client` (an address, through CloudFront's header), with a device cookie when given. */
export function loginFrom(
  server: TestServer,
  client: string,
  password: string,
  cookie?: string,
  email = TEST_OWNER_EMAIL,
) {
  return server.api("POST", "/api/auth/login", {
    body: { email, password },
    headers: { "cloudfront-viewer-address": `${client}:5000`, ...(cookie ? { cookie } : {}) },
  });
}

/** The real entry point (`npm start` runs it) as a child process, on `dataDir` ("memory": nothing kept). */
export function startServerProcess(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "packages/local/src/main.ts"], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: "0", DATA_DIR: dataDir, ADMIN_PASSWORD: "process-password", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return announcedUrl(child);
}

/**
 * The address a starting server process prints ("running at http://…"), with everything it
 * printed so far and since; rejects if the process exits first.
 */
export function announcedUrl(child: ChildProcess): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  let output = "";
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve({ child, url: match[1], output: () => output });
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.on("exit", (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
}

/**
 * A page's beacon as the start script sends it (web/start/start-app.js): the body as text, which
 * `navigator.sendBeacon` sends a string as (`text/plain;charset=UTF-8`); answers the status.
 */
export async function beacon(
  server: Pick<TestServer, "url">,
  path: "/api/views" | "/api/vitals",
  body: unknown,
  headers: Record<string, string> = {},
): Promise<number> {
  const response = await fetch(server.url + path, {
    method: "POST",
    headers: { "user-agent": BROWSER_USER_AGENT, "content-type": "text/plain;charset=UTF-8", ...headers },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response.status;
}

/**
 * One opening of a published article's page, as its beacon reports it, from `client` (through
 * CloudFront's header: the server needs TRUST_CLIENT_ADDRESS_HEADER=1 for that).
 */
export function viewArticle(
  server: Pick<TestServer, "url">,
  id: string,
  client?: string,
  userAgent: string = BROWSER_USER_AGENT,
): Promise<number> {
  return beacon(
    server,
    "/api/views",
    { p: `/es/blog/${id}`, a: id },
    { "user-agent": userAgent, ...(client ? { "cloudfront-viewer-address": `${client}:1` } : {}) },
  );
}

/** An article's count as the public API reads it. */
export async function viewCountOf(server: TestServer, id: string): Promise<number> {
  return (await server.api("GET", `/api/articles/${id}`)).body.article.viewCount as number;
}
