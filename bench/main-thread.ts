import { chromium, type Browser } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../scripts/chromium.ts";
import { median, type Measure, type Section } from "./budget.ts";
import { benchPages, startBenchServer } from "./bench-server.ts";
import { longestScriptTask, type TraceEvent } from "./trace-tasks.ts";

const LOADS = 3;
const BUDGET_MS = 30;
const LANGS = (process.env.LIGHTHOUSE_LANGS ?? "es,en,pt").split(",");

/**
 * One unthrottled load of `url` in a phone-sized page, traced from navigation until the app
 * has started and the page was scrolled to its end (parts hydrated as they come near are
 * included), and the longest main-thread task that ran script.
 */
async function traceLoad(browser: Browser, url: string) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    await browser.startTracing(page, {
      categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute", "loading", "toplevel"],
    });
    await page.goto(url, { waitUntil: "load" });
    // The app starts after the first paint, in steps (web/build-steps/start-app.js), and parts of
    // a page hydrate as they come near or when the browser is idle: time, then a scroll to the end.
    await page.waitForTimeout(2000);
    for (let i = 0; i < 12; i++) {
      await page.mouse.wheel(0, 700);
      await page.waitForTimeout(150);
    }
    await page.waitForTimeout(1000);
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    return longestScriptTask(trace.traceEvents, url);
  } finally {
    await context.close();
  }
}

/**
 * The longest main-thread task our scripts cause while a page loads, starts and is scrolled
 * through, unthrottled, in Chromium's own trace (median of LOADS loads per page and language).
 * A task over 50 ms blocks a visitor's input; at a low-tier phone's speed a task is ten times
 * longer than here, so the budget is 30 ms on this host.
 */
export async function measureMainThread(): Promise<Section> {
  const server = await startBenchServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const measures: Measure[] = [];
  const details = [
    "Longest task that ran script, per load (ms), and what it was (the trace events it contained, longest first):",
    "",
    "| page | longest task, each load | in the longest load |",
    "|---|---|---|",
  ];
  try {
    // A first load warms the browser and the server's caches up.
    const pages = await benchPages(server);
    await traceLoad(browser, server.url + pages[0]!.path("es"));
    for (const page of pages) {
      for (const lang of LANGS) {
        const loads = [];
        for (let i = 0; i < LOADS; i++) loads.push(await traceLoad(browser, server.url + page.path(lang)));
        const longest = loads.reduce((a, b) => (b.duration > a.duration ? b : a));
        details.push(
          `| ${page.name} /${lang} | ${loads.map((load) => load.duration.toFixed(1)).join(" / ")} | ${longest.summary} |`,
        );
        measures.push({
          name: `${page.name} /${lang}: longest task running script`,
          value: Math.round(median(loads.map((load) => load.duration)) * 10) / 10,
          unit: "ms",
          budget: { limit: BUDGET_MS, kind: "max" },
        });
      }
    }
    return { title: `Main thread, unthrottled (median of ${LOADS} loads)`, measures, details };
  } finally {
    await browser.close();
    await server.close();
  }
}
