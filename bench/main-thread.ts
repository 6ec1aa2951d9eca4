import os from "node:os";
import { chromium, type Browser } from "@playwright/test";
import { BUILT_IN_CATEGORIES, categoryListPath } from "@codcrm/core/article/categories";
import type { LocalServer } from "@codcrm/local/server";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../scripts/chromium.ts";
import { median, type Measure, type Section } from "./budget.ts";
import { benchPages, startBenchServer } from "./bench-server.ts";
import { atReferenceHost, REFERENCE_HOST_INDEX } from "./device-tiers.ts";
import { benchmarkIndex, phoneContext } from "./phone-page.ts";
import { TASK_TRACE_CATEGORIES, longestScriptTask, TraceWithoutParse, type TraceEvent } from "./trace-tasks.ts";

const LOADS = Number(process.env.MAIN_THREAD_LOADS ?? 3);
const BUDGET_MS = 30;
const LANGS = (process.env.LIGHTHOUSE_LANGS ?? "es,en,pt").split(",");
/** Only the pages named (`blog list,category list`), for a quick pass on the pages a change touches. */
const ONLY_PAGES = process.env.MAIN_THREAD_PAGES?.split(",").map((name) => name.trim());
/**
 * An earlier web build (a copy of its `web/build/client`): served beside this one and loaded in
 * turn with it, page by page, so the two are compared on the same host at the same moment.
 */
const BEFORE = process.env.MAIN_THREAD_BEFORE;

/** The most-used built-in category: its page is the blog list's, filtered (docs/decisions/0098-blog-list-first-screen.md). */
const CATEGORY = BUILT_IN_CATEGORIES.find((category) => category.id === "gestion-pedidos")!;

type Load = ReturnType<typeof longestScriptTask>;

/**
 * One unthrottled load of `url` in a phone-sized page, traced from navigation until the app
 * has started and the page was scrolled to its end (parts hydrated as they come near are
 * included), and the longest time our script caused in one main-thread task. A trace that holds
 * no parse of the page is traced again, up to three times, as Lighthouse's broken runs are
 * (lighthouse-audit.ts), instead of ending the whole run.
 */
async function traceLoad(browser: Browser, url: string): Promise<Load> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await traceOnce(browser, url);
    } catch (error) {
      if (!(error instanceof TraceWithoutParse) || attempt === 3) throw error;
    }
  }
}

async function traceOnce(browser: Browser, url: string): Promise<Load> {
  const context = await phoneContext(browser);
  try {
    const page = await context.newPage();
    // Invalidation tracking tells a frame our script changed from one of the parser's
    // (longestScriptTask). It captures a stack for each change script makes, which slows our
    // script down, never the browser's own work: the measure errs against us.
    await browser.startTracing(page, {
      categories: [...TASK_TRACE_CATEGORIES, "disabled-by-default-devtools.timeline.invalidationTracking"],
    });
    await page.goto(url, { waitUntil: "load" });
    // The app starts on the first interaction (here the first scroll, docs/decisions/0177-app-starts-on-first-interaction.md),
    // in steps (web/start/start-app.js), and parts of a page hydrate as they come near or
    // when the browser is idle: time, then a scroll to the end.
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

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(", ");

const ms = (value: number) => Math.round(value * 10) / 10;
const each = (loads: Load[], read: (load: Load) => number) => loads.map((load) => read(load).toFixed(1)).join(" / ");

/**
 * The longest main-thread task our scripts cause while a page loads, starts and is scrolled
 * through, unthrottled, in Chromium's own trace (median of LOADS loads per page and language).
 * A task over 50 ms blocks a visitor's input; on a low-tier phone a task is ten times longer than
 * on a host of ten times its speed, so the budget is 30 ms at that speed: each page's figure is
 * scaled by the host's benchmarkIndex, measured before and after its loads, to the reference
 * host's (docs/decisions/0196-main-thread-budget-at-a-reference-speed.md). Beside it, the figure
 * as measured and the CPU time of the task that took the most: on a busy host the wall time is
 * mostly waiting for a core. With MAIN_THREAD_BEFORE, each load of this build follows one of the
 * earlier build.
 */
export async function measureMainThread(): Promise<Section> {
  const server = await startBenchServer();
  const before = BEFORE ? await startBenchServer({}, BEFORE) : undefined;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const measures: Measure[] = [];
  const loadBefore = load();
  const indexBefore = await benchmarkIndex(browser);
  const details = [
    "Longest time our script caused in one task, per load (ms), its CPU time, and what the task was (the trace events it contained, longest first). " +
      "A frame counts whole when our script changed what it renders; in a frame of what the parser or a scroll brought, only our script's own time counts.",
    "",
    ...(before
      ? [
          `Each load of this build followed one of the build in \`${BEFORE}\` (the same functions serve both).`,
          "",
          "| page | earlier build: longest task, each load | its CPU | this build: longest task, each load | its CPU | host's benchmarkIndex | in the longest load (this build) |",
          "|---|---|---|---|---|---|---|",
        ]
      : [
          "| page | longest task, each load | its CPU | host's benchmarkIndex | in the longest load |",
          "|---|---|---|---|---|",
        ]),
  ];
  try {
    const pages = [
      ...(await benchPages(server)),
      { name: "category list", path: (lang: string) => `/${lang}${categoryListPath(CATEGORY)}` },
    ].filter((page) => !ONLY_PAGES || ONLY_PAGES.includes(page.name));
    // A first load warms the browser and the servers' caches up.
    for (const warm of [server, before].filter((s): s is LocalServer => s !== undefined))
      await traceLoad(browser, warm.url + pages[0]!.path("es"));
    // The host's speed around each page's loads: a shared host's changes from minute to minute.
    let indexBeforePage = indexBefore;
    for (const page of pages) {
      for (const lang of LANGS) {
        const loads: Load[] = [];
        const earlier: Load[] = [];
        for (let i = 0; i < LOADS; i++) {
          if (before) earlier.push(await traceLoad(browser, before.url + page.path(lang)));
          loads.push(await traceLoad(browser, server.url + page.path(lang)));
        }
        const indexAfterPage = await benchmarkIndex(browser);
        const index = Math.round((indexBeforePage + indexAfterPage) / 2);
        indexBeforePage = indexAfterPage;
        const longest = loads.reduce((a, b) => (b.duration > a.duration ? b : a));
        const ours = `${each(loads, (load) => load.duration)} | ${each(loads, (load) => load.cpu)}`;
        details.push(
          before
            ? `| ${page.name} /${lang} | ${each(earlier, (load) => load.duration)} | ${each(earlier, (load) => load.cpu)} | ${ours} | ${index} | ${longest.summary} |`
            : `| ${page.name} /${lang} | ${ours} | ${index} | ${longest.summary} |`,
        );
        if (before)
          measures.push({
            name: `${page.name} /${lang}: longest task our script caused, earlier build`,
            value: ms(median(earlier.map((load) => load.duration))),
            unit: "ms",
          });
        const measured = median(loads.map((load) => load.duration));
        measures.push({
          name: `${page.name} /${lang}: longest task our script caused, at the reference speed`,
          value: atReferenceHost(measured, index),
          unit: "ms",
          budget: { limit: BUDGET_MS, kind: "max" },
        });
        measures.push({
          name: `${page.name} /${lang}: longest task our script caused, on this host`,
          value: ms(measured),
          unit: "ms",
        });
        measures.push({
          name: `${page.name} /${lang}: CPU time of that task`,
          value: ms(median(loads.map((load) => load.cpu))),
          unit: "ms",
        });
      }
    }
    details.push(
      "",
      `Host benchmarkIndex ${indexBefore} before the loads, ${indexBeforePage} after; load average ${loadBefore} before, ${load()} after, on ${os.cpus().length} cores. ` +
        `"At the reference speed": the median longest task × the host's benchmarkIndex around that page's loads ÷ ${REFERENCE_HOST_INDEX.toLocaleString("en")} (ten low-tier phones), the figure the ${BUDGET_MS} ms budget holds.`,
    );
    return {
      title: `Main thread, unthrottled, scaled to a host of benchmarkIndex ${REFERENCE_HOST_INDEX.toLocaleString("en")} (median of ${LOADS} loads)`,
      measures,
      details,
    };
  } finally {
    await browser.close();
    await server.close();
    await before?.close();
  }
}
