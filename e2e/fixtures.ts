import { test as base } from "@playwright/test";

/**
 * Playwright's `test` with one guarantee more: every browser context a test opens is closed
 * when the test ends, passed or failed, also when the test never closes it itself. A context
 * left open keeps its page and renderer alive for the rest of the worker, and with tracing on
 * every later test records it as well: the contact suite, whose tests each opened a visitor
 * they never closed, spent far longer because of it (docs/testing.md).
 */
export const test = base.extend<{ closeOpenedContexts: void }>({
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
});

export { expect } from "@playwright/test";
