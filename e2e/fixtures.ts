import { test as base, type Page } from "@playwright/test";
import { signedInAdminPage } from "./site-helpers.ts";

/**
 * Playwright's `test` with one guarantee more: every browser context a test opens is closed
 * when the test ends, passed or failed, also when the test never closes it itself. A context
 * left open keeps its page and renderer alive for the rest of the worker, and with tracing on
 * every later test records it as well: the contact suite, whose tests each opened a visitor
 * they never closed, spent far longer because of it (docs/testing.md).
 *
 * And `adminPage`, for a test that only needs to be signed in: a page of a client of its own,
 * signed in as the owner with the run's session, on the article list (`signedInAdminPage`), in a
 * context of its own that is closed when the test ends. A test that signs out or revokes its
 * token signs in on its own (`signedInAdminPage(browser, { ownSession: true })`).
 */
export const test = base.extend<{ closeOpenedContexts: void; adminPage: Page }>({
  closeOpenedContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      await Promise.all(
        browser
          .contexts()
          .filter((context) => !before.has(context))
          .map((context) => context.close()),
      );
    },
    { auto: true },
  ],
  adminPage: async ({ browser }, use) => {
    const { context, page } = await signedInAdminPage(browser);
    await use(page);
    await context.close();
  },
});

export { expect } from "@playwright/test";
