/**
 * What the bench's traced loads share: the host's benchmarkIndex as Lighthouse computes it (the
 * device tiers' slowdowns come from it, docs/decisions/0141-phones-by-device-tier.md) and a
 * phone-sized browser context (Lighthouse's mobile screen: 412 × 823 CSS px, touch).
 */
import type { Browser, BrowserContext, BrowserContextOptions } from "@playwright/test";
import { pageFunctions } from "lighthouse/core/lib/page-functions.js";

/** The host's benchmarkIndex, measured in a page of this browser. */
export async function benchmarkIndex(browser: Browser): Promise<number> {
  const page = await browser.newPage();
  try {
    return Math.round(await page.evaluate(pageFunctions.computeBenchmarkIndex));
  } finally {
    await page.close();
  }
}

/** A new context the size of Lighthouse's mobile screen, with touch; the caller closes it. */
export function phoneContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({
    ...options,
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
}
