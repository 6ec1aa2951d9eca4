/**
 * What a page's start is made of on a low-tier phone: loads pages with the CPU slowed down as
 * the bench's low tier does (Chrome DevTools Protocol `Emulation.setCPUThrottlingRate`, the
 * slowdown from the host's benchmarkIndex, bench/device-tiers.ts), traces each load, and lists
 * every main-thread task over 50 ms with what ran inside it (each chunk's evaluation and calls,
 * style, layout, parsing, garbage collection, and the task's own time that no event explains).
 *
 * Not a budget: a tool to find what to cut (docs/performance.md). Run it with
 * `npx tsx bench/start-tasks.ts`; `START_TASKS_PAGES="landing,article"`, `START_TASKS_LOADS`,
 * `START_TASKS_BEFORE=<a copy of an earlier web/build/client>` (loaded in turn with this build),
 * `START_TASKS_SLOWDOWN` (instead of the host's low-tier slowdown). Each load presses a key a
 * second after the load event, which starts the app where it waits for the visitor.
 * A page may name its language (`START_TASKS_PAGES="landing:es,blog list:en"`, else
 * `START_TASKS_LANG`). `START_TASKS_HTML_ALONE=1` loads each page a second time in turn with
 * JavaScript off (the HTML alone: not even the inline start script runs), the floor of the load.
 */
import { chromium, type Browser } from "@playwright/test";
import type { LocalServer } from "@codcrm/local/server";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../scripts/chromium.ts";
import { benchPages, startBenchServer } from "./bench-server.ts";
import { benchmarkIndex, phoneContext } from "./phone-page.ts";
import { lowTierSlowdown } from "./device-tiers.ts";
import { TASK_TRACE_CATEGORIES, startTasks, type TraceEvent } from "./trace-tasks.ts";

const LOADS = Number(process.env.START_TASKS_LOADS ?? 3);
const LANG = process.env.START_TASKS_LANG ?? "es";
const ONLY = (process.env.START_TASKS_PAGES ?? "landing,service page,article").split(",").map((entry) => {
  const [name = "", lang = LANG] = entry.split(":").map((part) => part.trim());
  return { name, lang };
});
const HTML_ALONE = Boolean(process.env.START_TASKS_HTML_ALONE);
const BEFORE = process.env.START_TASKS_BEFORE;

async function traceLoad(browser: Browser, url: string, slowdown: number, javaScript = true) {
  const context = await phoneContext(browser, { javaScriptEnabled: javaScript });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: slowdown });
    await browser.startTracing(page, {
      categories: [...TASK_TRACE_CATEGORIES, "v8", "blink.user_timing"],
    });
    await page.goto(url, { waitUntil: "load" });
    // A prerendered page starts its app on the first interaction (docs/decisions/0177-app-starts-on-first-interaction.md):
    // a key press a second after the load starts it, and its steps, one per task, take seconds at this slowdown.
    await page.waitForTimeout(1000);
    // With JavaScript off, the key's time is the trace's own (see startTasks' `origin`); nothing starts.
    const pressedAt = javaScript ? await page.evaluate(() => performance.now()) : Infinity;
    await page.keyboard.press("Shift");
    await page.waitForTimeout(Number(process.env.START_TASKS_WAIT_MS ?? 8000));
    const raw = (await browser.stopTracing()).toString();
    if (process.env.START_TASKS_SAVE) (await import("node:fs")).writeFileSync(process.env.START_TASKS_SAVE, raw);
    const trace = JSON.parse(raw) as { traceEvents: TraceEvent[] };
    return { ...startTasks(trace.traceEvents, url), pressedAt };
  } finally {
    await context.close();
  }
}

const server = await startBenchServer();
const before = BEFORE ? await startBenchServer({}, BEFORE) : undefined;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const index = await benchmarkIndex(browser);
  const slowdown = lowTierSlowdown(index, process.env.START_TASKS_SLOWDOWN);
  console.log(`benchmarkIndex ${index}, slowdown ${slowdown}x`);
  const all = await benchPages(server);
  for (const { name: pageName, lang } of ONLY) {
    const page = all.find((candidate) => candidate.name === pageName);
    if (!page) throw new Error(`No bench page named "${pageName}"`);
    const builds: [string, LocalServer, boolean][] = before
      ? [
          ["before", before, true],
          ["after", server, true],
        ]
      : [["this", server, true]];
    if (HTML_ALONE) builds.push(["HTML alone", server, false]);
    const blocking: Record<string, string[]> = {};
    for (let i = 0; i < LOADS; i++) {
      for (const [name, s, javaScript] of builds) {
        const load = await traceLoad(browser, s.url + page.path(lang), slowdown, javaScript);
        // What a load without any interaction blocks (what Lighthouse sees), and what the start blocks after the key.
        const over = (from: number, to: number) =>
          load.tasks
            .filter((task) => task.start >= from && task.start < to)
            .reduce((sum, task) => sum + task.duration - 50, 0)
            .toFixed(0);
        const split = `${over(load.fcp, load.pressedAt)} + ${over(load.pressedAt, Infinity)}`;
        (blocking[name] ??= []).push(split);
        console.log(
          `\n## ${page.name} /${lang} (${name}, load ${i + 1}): FCP ${load.fcp.toFixed(0)} ms, key at ${load.pressedAt.toFixed(0)} ms, ` +
            `blocking after FCP ${split} ms (before + after the key), ${load.tasks.length} tasks over 50 ms`,
        );
        for (const task of load.tasks)
          console.log(`- at ${task.start.toFixed(0)} ms, ${task.duration.toFixed(0)} ms: ${task.inside}`);
      }
    }
    for (const [name, values] of Object.entries(blocking))
      console.log(
        `\n${page.name} /${lang} ${name}: blocking after FCP, before + after the key, per load: ${values.join(" / ")} ms`,
      );
  }
} finally {
  await browser.close();
  await server.close();
  await before?.close();
}
