/// <reference lib="dom" />
import { readFileSync } from "node:fs";
import path from "node:path";
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
  type Route,
} from "@playwright/test";
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from "../playwright.config.ts";

/** The strings of one language (`locales/{language}.json`), to check a page's text against. */
export function readLocale(language: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`../locales/${language}.json`, import.meta.url), "utf8")) as Record<
    string,
    unknown
  >;
}

/** The CRM sign-in URL of the default site config (packages/core/src/site/site-env.ts). */
export const CRM_SIGN_IN_URL = "https://app.codcrm.com/auth/login";

/**
 * Collects what a page reports as errors (hydration mismatches included), and the warnings of
 * a missing translation or placeholder value (the page would show a key). The document's own
 * 404 status is expected on "page not found" pages and is not an error of the page.
 */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "warning" && /^Missing (translation|value)/.test(message.text()))
      errors.push(message.text());
    if (message.type() !== "error") return;
    if (
      /Failed to load resource: the server responded with a status of 404/.test(message.text()) &&
      /\/(404|no-|nada)/.test(message.location().url)
    )
      return;
    // Other tests store articles with images on `.invalid` hosts (reserved never to resolve: the
    // stored-markup test); run beside them, a list page shows such an article's image.
    if (/ERR_NAME_NOT_RESOLVED/.test(message.text()) && /^https?:\/\/[^/]*\.invalid\//.test(message.location().url))
      return;
    errors.push(message.text());
  });
  return errors;
}

/** A new context at `width` × 900 px with `address` loaded and its app started (each test of a scan opens its own). */
export async function hydratedAtWidth(browser: Browser, address: string, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(address);
  await hydrated(page);
  return { context, page };
}

/**
 * Starts the app as a visitor would and waits until it has hydrated the page (the router is
 * attached to the window). The key is pressed again until then: a page still loading (after a
 * click on a link) may not listen yet.
 */
export async function hydrated(page: Page): Promise<void> {
  const ready = () =>
    // The entry's mark once the document is hydrated: the router exists a task earlier (web/app/entry.client.tsx).
    page.evaluate(() => "__appHydrated" in window && document.readyState === "complete").catch(() => false);
  await expect
    .poll(
      async () => {
        if (await ready()) return true;
        await startApp(page);
        return ready();
      },
      { timeout: 60_000 },
    )
    .toBe(true);
}

/**
 * Clicks a button far down a page as a visitor does: scrolled to, then pressed once it holds
 * still. The parts of a page below the first screen are laid out only as they come near
 * (`below-the-fold`, web/app/app.css): the frames after a scroll lay out the parts it brought
 * near, their real heights replace the stand-ins, and what is below them moves. Playwright checks
 * that an element holds still before it scrolls to it, not after, so its click at once could land
 * where the button had been (seen on a busy host: the click's target was a part's wrapper).
 */
export async function clickWhenStill(button: Locator): Promise<void> {
  await button.evaluate(
    (element) =>
      new Promise<void>((resolve) => {
        element.scrollIntoView({ block: "center" });
        let last = "";
        let stillFrames = 0;
        const check = () => {
          const box = element.getBoundingClientRect();
          const now = `${box.top} ${box.left} ${box.height}`;
          stillFrames = now === last ? stillFrames + 1 : 0;
          last = now;
          if (stillFrames >= 3) resolve();
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
  );
  await button.click();
}

/**
 * A prerendered page starts its app on the visitor's first interaction
 * (docs/decisions/0177-app-starts-on-first-interaction.md): a key that types nothing is one.
 */
export async function startApp(page: Page): Promise<void> {
  await page.keyboard.press("Shift");
}

/**
 * Opens `path` with the app's entry script held back until the returned function is called:
 * the page shows the server's HTML only, styled, as a visitor sees it before the app starts on
 * a slow connection.
 */
export async function openWithAppHeld(page: Page, path: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/entry\.client-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(path, { waitUntil: "domcontentloaded" });
  // DOMContentLoaded does not wait for stylesheets: what is measured must be laid out with them.
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet) &&
      document.fonts.status === "loaded",
  );
  // The visitor is here: the app starts, and waits for its entry.
  await startApp(page);
  return release;
}

/**
 * Opens `path` and starts the app with each of its two waits held (web/start/README.md): 1, its
 * entry, fetched once the page's other files are in; 2, the page's strings, which the entry
 * fetches before it hydrates (the start script asks for them first; they are held until the
 * entry is in). `heldAt(n)` waits until the start is at its `n`th wait, `release()` lets the
 * current one go. Each wait is held in the browser's network until released, so a test acts in
 * the gap between two steps, not at a moment that depends on the machine's speed.
 */
export async function openWithStartSteps(page: Page, path: string) {
  const waits = [0, 1].map(() => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    return { reached: false, released, release };
  });
  const hold = (wait: (typeof waits)[number]) => async (route: Route) => {
    wait.reached = true;
    await wait.released;
    await route.continue();
  };
  await page.route(/\/assets\/entry\.client-[^/]*\.js$/, hold(waits[0]!));
  await page.route(/\/assets\/(es|en|pt)-[\w-]+\.json$/, hold(waits[1]!));
  await page.goto(path);
  await startApp(page);
  let current = 0;
  return {
    /** Waits until the start is at its `n`th wait; the app has not hydrated yet. */
    heldAt: async (n: number) => {
      await expect.poll(() => waits[n - 1]!.reached, { timeout: 30_000 }).toBe(true);
      // At the second, the app's modules are in: the start script has handed React Router its route modules.
      if (n === 2) await page.waitForFunction(() => "__reactRouterRouteModules" in window);
      expect(await page.evaluate(() => "__appHydrated" in window)).toBe(false);
    },
    release: () => waits[current++]?.release(),
  };
}

/**
 * Opens a dialog and returns it. The dialog's listeners attach in effects, which may run a
 * moment after `hydrated`: the action is repeated until the dialog shows (never while it does).
 */
export async function openDialog(page: Page, press: () => Promise<unknown>, name?: string) {
  const dialog = page.getByRole("dialog", name === undefined ? {} : { name });
  await expect(async () => {
    if (!(await dialog.isVisible())) await press();
    await expect(dialog).toBeVisible({ timeout: 1000 });
  }).toPass();
  return dialog;
}

/**
 * The code last mailed to `email` for a sign-in, as the developer reads it in the local outbox
 * (`/_outbox`, newest first).
 */
export async function mailedSignInCode(page: Page, email = E2E_ADMIN_EMAIL): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const html = await (await page.request.get("/_outbox")).text();
      const row = html.split(/<tr|<li|<article/).find((part) => part.includes(email) && /\b\d{6}\b/.test(part));
      code = row ? /\b(\d{6})\b/.exec(row)?.[1] : undefined;
      return code;
    })
    .toBeTruthy();
  return code!;
}

/**
 * Fills the login form on the page it is on (address and password) and sends it; on a browser
 * not seen before, types the code mailed to the address, from the outbox. Leaves the page where
 * the sign-in goes.
 */
export async function signInOnForm(page: Page, password = E2E_ADMIN_PASSWORD): Promise<void> {
  await page.getByLabel("Correo electrónico").fill(E2E_ADMIN_EMAIL);
  await page.getByLabel("Contraseña").fill(password);
  await page.getByRole("button", { name: "Acceder" }).click();
  const code = page.getByLabel("Código");
  const leaves = page
    .waitForURL((url) => url.pathname !== "/admin/login", { timeout: 15_000 })
    .then(() => "left" as const);
  const asked = code.waitFor({ timeout: 15_000 }).then(() => "code" as const);
  if ((await Promise.race([leaves, asked])) === "code") {
    await code.fill(await mailedSignInCode(page));
    await page.getByRole("button", { name: "Comprobar el código" }).click();
  }
}

/** Signs in on the admin login page and waits for the article list. */
export async function signInThroughForm(page: Page): Promise<void> {
  await page.goto("/admin/login");
  await signInOnForm(page);
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(page.getByRole("list", { name: "Artículos" })).toBeVisible();
}

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

/**
 * Where `admin-session.setup.ts` keeps the owner's session (the session and device cookies)
 * that it signed in through the form once for the whole run, and the personal API key it made
 * for the suites' API calls.
 */
export function adminSessionFile(): string {
  return path.join(test.info().project.outputDir, ".admin-session.json");
}

export function adminKeyFile(): string {
  return path.join(test.info().project.outputDir, ".admin-api-key");
}

let session: StorageState | undefined;
/**
 * The run's administrator session. Tests that only need to be signed in reuse it instead of
 * signing in themselves: a form sign-in costs a page load and a scrypt check per test, and
 * parallel ones meet the login limits (two checks at once per process, 50 per 15 minutes for
 * the whole site: docs/decisions/0322-sign-in-and-its-limits.md). A test that signs
 * out or revokes its token must sign in on its own (`signedInAdminPage(browser, { ownSession: true })`):
 * revoking this one would sign out every test after it.
 */
function adminSession(): StorageState {
  session ??= JSON.parse(readFileSync(adminSessionFile(), "utf8")) as StorageState;
  return session;
}

let apiKey: string | undefined;
/**
 * The run's personal API key of the owner, for API calls a suite makes as the owner
 * (`Authorization: Bearer`, as a script does: docs/decisions/0421-cookie-sessions-and-csrf.md).
 */
export function adminToken(): string {
  apiKey ??= readFileSync(adminKeyFile(), "utf8").trim();
  if (!/^codcrm_[\w-]{43}$/.test(apiKey)) throw new Error(`No API key in ${adminKeyFile()}`);
  return apiKey;
}

/** The device cookie of the run's session alone: a browser the owner signed in with (no code asked). */
export function knownDevice(): StorageState["cookies"] {
  return adminSession().cookies.filter((cookie) => cookie.name === "codcrm_device");
}

/** Opens the admin article list and waits for it. */
async function openArticleList(page: Page): Promise<void> {
  await page.goto("/admin/blog");
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(page.getByRole("list", { name: "Artículos" })).toBeVisible();
}

/**
 * Makes `page`'s browser context signed in as the administrator with the run's session, and
 * opens the article list (the context's other pages share it, as tabs do).
 */
export async function signInAsAdmin(page: Page): Promise<void> {
  await page.context().addCookies(adminSession().cookies);
  await openArticleList(page);
}

/** The admin list's card of the article titled `title`. */
export function adminArticleCard(page: Page, title: string) {
  return page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
}

let clients = 0;
/**
 * A client address no other test of the run uses, as CloudFront would send it (the server
 * trusts the header in tests): login throttling and view counting are per client, so a test
 * that is its own client is never limited by another. Addresses are `10.{100 + worker}.x.y`;
 * tests that need one fixed client across contexts name their own below 10.100.
 */
export function uniqueClientAddress(): string {
  clients += 1;
  const worker = test.info().workerIndex % 150;
  return `10.${100 + worker}.${(clients >> 8) & 255}.${clients & 255}:1`;
}

/** A browser context that is a client of its own (`uniqueClientAddress`). */
export function newClientContext(browser: Browser, storageState?: StorageState): Promise<BrowserContext> {
  return browser.newContext({
    extraHTTPHeaders: { "cloudfront-viewer-address": uniqueClientAddress() },
    storageState,
  });
}

/**
 * A page of a client of its own, signed in as the owner on the article list: with the run's
 * session, or with `ownSession` through the login form (for a test that signs out), from the
 * run's known browser (its device cookie: no code is mailed).
 */
export async function signedInAdminPage(
  browser: Browser,
  { ownSession = false }: { ownSession?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newClientContext(browser, ownSession ? undefined : adminSession());
  if (ownSession) await context.addCookies(knownDevice());
  const page = await context.newPage();
  if (ownSession) await signInThroughForm(page);
  else await openArticleList(page);
  return { context, page };
}

/**
 * What a suite that writes articles through the API starts from: a tag it puts in every title it
 * creates, so other suites' articles never interfere, a client address of its own (limits are per
 * client), as CloudFront's header, and `create`, which publishes an article from that address with
 * the suite's `defaults` under the body it is given.
 */
export function apiSuite(tag: string, address: string, defaults: Record<string, unknown> = {}) {
  const client = { "cloudfront-viewer-address": `${address}:1` };
  return {
    run: `${tag}${Date.now().toString(36)}`,
    client,
    create: (request: APIRequestContext, body: Record<string, unknown>) =>
      createThroughApi<CreatedArticle>(request, client, adminToken(), {
        content: "Contenido de prueba.",
        published: true,
        ...defaults,
        ...body,
      }),
  };
}

/** What the admin API answers for an article, as far as the browser tests read it. */
export interface CreatedArticle {
  id: string;
  slug: string;
  title: string;
  language: string;
  version: number;
  /** Where it was first published, when its editor says so (decision 0117). */
  canonicalUrl?: string;
}

/** Creates an article through the admin API (it must answer 201) and answers it as the API does. */
export async function createThroughApi<T>(
  request: APIRequestContext,
  client: Record<string, string>,
  token: string,
  body: Record<string, unknown>,
): Promise<T> {
  const response = await request.post("/api/admin/articles", {
    headers: { ...client, authorization: `Bearer ${token}` },
    data: body,
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { article: T }).article;
}

/** Answers the site's question (an `alertdialog` named by its question) with one of its buttons. */
export function answerQuestion(page: Page, question: string, answer: string): Promise<void> {
  return page.getByRole("alertdialog", { name: question }).getByRole("button", { name: answer }).click();
}
