/// <reference lib="dom" />
import os from "node:os";
import type { Browser } from "@playwright/test";
import { median, type Measure, type Section } from "./budget.ts";
import { withServerAndBrowser } from "./bench-server.ts";

const RUNS = 5;
const BUDGET_MS = 1000;

/** What a visitor waits for after asking for a URL: where it leads, and what shows it is there. */
const JOURNEYS = [
  {
    name: "admin login form (/admin/login, app shell)",
    path: "/admin/login",
    url: /\/admin\/login$/,
    ready: "input[type=password]",
  },
  {
    name: "alias target (/en/legal/rgpd → /en/privacidad)",
    path: "/en/legal/rgpd",
    url: /\/en\/privacidad$/,
    ready: "h1",
  },
  { name: "unprefixed path (/blog → /es/blog)", path: "/blog", url: /\/es\/blog$/, ready: "h1" },
];

/**
 * From the start of the navigation (the browser's time origin, redirects included) to the
 * `ready` element on screen, and to the first byte of the final document, in a fresh browser
 * context (a first visit).
 */
async function timeJourney(
  browser: Browser,
  base: string,
  journey: (typeof JOURNEYS)[number],
): Promise<{ ready: number; firstByte: number }> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    // Checked in the page itself every frame from the start of the document, so that the figure
    // does not include the test driver's round trips (slow on a busy machine).
    // A string, not a function: the bench runs under tsx, whose helper names would not exist in the page.
    await page.addInitScript(`(function check() {
      var element = document.querySelector(${JSON.stringify(journey.ready)});
      if (element && element.getClientRects().length > 0) window.__readyAt = performance.now();
      else requestAnimationFrame(check);
    })();`);
    await page.goto(base + journey.path, { waitUntil: "commit" });
    await page.waitForURL(journey.url, { waitUntil: "commit" });
    const ready = await page.waitForFunction(() => (window as unknown as { __readyAt?: number }).__readyAt);
    const firstByte = await page.evaluate(
      () => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).responseStart,
    );
    return { ready: Math.round((await ready.jsonValue()) as number), firstByte: Math.round(firstByte) };
  } finally {
    await context.close();
  }
}

/**
 * Time from navigation to the first useful screen on pages that used to wait for the start
 * script's 5 s fallback timer: the admin login form (app shell) and the pages aliases and
 * unprefixed paths lead to (HTTP redirects). Unthrottled, Chromium headless, median of RUNS.
 */
export async function measureAppStart(): Promise<Section> {
  const measures: Measure[] = [];
  const details: string[] = [];
  await withServerAndBrowser(async (server, browser) => {
    for (const journey of JOURNEYS) {
      // A first visit warms the server (files compressed once) and the browser.
      await timeJourney(browser, server.url, journey);
      const runs: { ready: number; firstByte: number }[] = [];
      for (let run = 0; run < RUNS; run++) runs.push(await timeJourney(browser, server.url, journey));
      measures.push({
        name: journey.name,
        value: median(runs.map((run) => run.ready)),
        unit: "ms",
        budget: { limit: BUDGET_MS, kind: "max" },
      });
      details.push(
        `${journey.name}: ${runs.map((run) => run.ready).join(", ")} ms ` +
          `(first byte of the page at ${runs.map((run) => run.firstByte).join(", ")} ms)`,
      );
    }
  });
  // These figures are CPU-bound: a host busy with other work inflates them (compare with its cores).
  details.push(
    `Host load average at the end: ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(", ")} on ${os.cpus().length} cores.`,
  );
  return {
    title: `App start: navigation to the first useful screen (unthrottled, median of ${RUNS})`,
    measures,
    details,
  };
}
