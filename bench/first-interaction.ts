/// <reference lib="dom" />
/**
 * The visitor's first interaction on a freshly loaded page, as a phone of each device tier runs
 * it: from the tap on the phone menu's button (a phone-sized screen) or the click on the header's
 * "Contacto" (a desktop-sized one) to the paint that shows the open menu or the contact dialog.
 * On a page whose app starts on that interaction (docs/decisions/0177-app-starts-on-first-interaction.md)
 * this holds the whole start: the app's files, their evaluation, the hydration, and the button's
 * own work, replayed once the app has it (web/start/README.md).
 *
 * Read from Chromium's trace, with the CPU slowed down to the tier (bench/device-tiers.ts; the
 * network is the local server's): from the input event's dispatch on the page's main thread to
 * the end of the first paint after the page marked the target on screen (a `performance.mark`
 * from an animation frame, which the paint of that frame follows). Median of RUNS loads.
 * `FIRST_INTERACTION_RUNS`, `FIRST_INTERACTION_TIERS` ("mid,low") change what runs;
 * `FIRST_INTERACTION_BEFORE=<a copy of an earlier web/build/client>` loads it in turn with this
 * build, each run of one followed by a run of the other (run alone: `npx tsx bench/first-interaction.ts`);
 * the blog's pages come from the current server build in both, so compare prerendered pages
 * (`FIRST_INTERACTION_ONLY="phone menu (/es,Contacto"`).
 */
import { chromium, type Browser, type BrowserContext } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../scripts/chromium.ts";
import { median, type Measure, type Section } from "./budget.ts";
import { startBenchServer } from "./bench-server.ts";
import { TIERS, tierSlowdown } from "./device-tiers.ts";
import { benchmarkIndex, phoneContext } from "./phone-page.ts";
import type { TraceEvent } from "./trace-tasks.ts";

const RUNS = Number(process.env.FIRST_INTERACTION_RUNS ?? 5);
const TIER_IDS = (process.env.FIRST_INTERACTION_TIERS ?? "mid,low").split(",");
/** The budgets: the open menu or dialog painted within these after the tap or click. */
const BUDGET_MS: Record<string, number> = { mid: 300, low: 1000 };
const MARK = "first-interaction-target-shown";
const BEFORE = process.env.FIRST_INTERACTION_BEFORE;
/** Only the interactions whose name starts with one of these ("phone menu (/es"). */
const ONLY = process.env.FIRST_INTERACTION_ONLY?.split(",");

interface Interaction {
  name: string;
  path: string;
  /** A phone's screen (touch) or a desktop's. */
  phone: boolean;
  /** What the visitor presses. */
  press: string;
  /** What shows the interaction did its work, once on screen. */
  shown: string;
}

const INTERACTIONS: Interaction[] = [
  {
    name: "phone menu (/es, tap)",
    path: "/es",
    phone: true,
    press: 'header button[aria-controls][aria-expanded="false"]',
    shown: "header [id] > nav a",
  },
  {
    name: "Contacto (/es, click)",
    path: "/es",
    phone: false,
    press: "header .md\\:flex > button",
    shown: "dialog[open] form",
  },
  {
    name: "phone menu (article, tap)",
    path: "article",
    phone: true,
    press: 'header button[aria-controls][aria-expanded="false"]',
    shown: "header [id] > nav a",
  },
];

interface TraceEventWithData extends TraceEvent {
  args?: TraceEvent["args"] & { data?: { type?: string } };
}

/** From the input's dispatch to the end of the first paint after the mark, in ms, from the trace. */
export function interactionToPaint(events: TraceEventWithData[]): number {
  const mark = events.find((event) => event.name === MARK);
  if (!mark) throw new Error("The trace has no mark of the target shown");
  const input = events.find(
    (event) =>
      event.name === "EventDispatch" &&
      ["touchstart", "pointerdown", "mousedown"].includes(event.args?.data?.type ?? "") &&
      event.ts < mark.ts,
  );
  if (!input) throw new Error("The trace has no input event before the mark");
  const paint = events
    .filter((event) => event.name === "Paint" && event.pid === input.pid && event.tid === input.tid)
    .find((event) => event.ts >= mark.ts);
  if (!paint) throw new Error("The trace has no paint after the mark");
  return (paint.ts + (paint.dur ?? 0) - input.ts) / 1000;
}

async function traceInteraction(
  browser: Browser,
  url: string,
  interaction: Interaction,
  slowdown: number,
): Promise<number> {
  const context: BrowserContext = interaction.phone
    ? await phoneContext(browser)
    : await browser.newContext({ viewport: { width: 1350, height: 940 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: slowdown });
    await page.goto(url, { waitUntil: "load" });
    // A freshly loaded page: its first paint done, its load event past, the visitor reaching for it.
    await page.waitForTimeout(1000);
    // Marks the frame in which the target is on screen (a string: tsx's helpers do not exist in the page).
    await page.evaluate(`(function watch() {
      var target = document.querySelector(${JSON.stringify(interaction.shown)});
      if (target && target.getClientRects().length > 0 && getComputedStyle(target).visibility !== "hidden")
        performance.mark(${JSON.stringify(MARK)});
      else requestAnimationFrame(watch);
    })()`);
    // Where to press, found before the trace: the press itself is the browser's raw input, with
    // nothing of the test driver's run in the page meanwhile.
    const box = await page.locator(interaction.press).first().boundingBox();
    if (!box) throw new Error(`${interaction.press} is not on screen at ${url}`);
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    await browser.startTracing(page, { categories: ["devtools.timeline", "blink.user_timing"] });
    if (interaction.phone) await page.touchscreen.tap(x, y);
    else await page.mouse.click(x, y);
    await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, MARK, { timeout: 60_000 });
    await page.waitForTimeout(300);
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEventWithData[] };
    return interactionToPaint(trace.traceEvents);
  } finally {
    await context.close();
  }
}

export async function measureFirstInteraction(): Promise<Section> {
  const server = await startBenchServer();
  const before = BEFORE ? await startBenchServer({}, BEFORE) : undefined;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const measures: Measure[] = [];
  const details = [
    "From the tap or click to the paint of the open menu or dialog, each load (ms), with the CPU slowed to the tier:",
    "",
    before
      ? `| interaction | tier | slowdown | earlier build (\`${BEFORE}\`), each load | median | this build, each load | median |`
      : "| interaction | tier | slowdown | each load | median |",
    before ? "|---|---|---|---|---|---|---|" : "|---|---|---|---|---|",
  ];
  try {
    const { articles } = (await fetch(`${server.url}/api/articles?limit=1&lang=es`).then((r) => r.json())) as {
      articles: { slug: string }[];
    };
    const pathOf = (interaction: Interaction) =>
      interaction.path === "article" ? `/es/blog/${articles[0]!.slug}` : interaction.path;
    // A first load of each warms the servers and the browser.
    for (const warm of [server, before].filter((s) => s !== undefined))
      await traceInteraction(browser, warm.url + pathOf(INTERACTIONS[0]!), INTERACTIONS[0]!, 1);
    for (const tier of TIERS.filter((t) => TIER_IDS.includes(t.id))) {
      for (const interaction of INTERACTIONS.filter((i) => !ONLY || ONLY.some((name) => i.name.startsWith(name)))) {
        const index = await benchmarkIndex(browser);
        const slowdown = tierSlowdown(tier, index);
        if (slowdown === undefined) {
          details.push(`| ${interaction.name} | ${tier.name} | host slower than the tier (index ${index}) | | |`);
          continue;
        }
        const runs: number[] = [];
        const earlier: number[] = [];
        for (let run = 0; run < RUNS; run++) {
          if (before)
            earlier.push(await traceInteraction(browser, before.url + pathOf(interaction), interaction, slowdown));
          runs.push(await traceInteraction(browser, server.url + pathOf(interaction), interaction, slowdown));
        }
        const value = Math.round(median(runs));
        measures.push({
          name: `${interaction.name}: to its paint, ${tier.name}`,
          value,
          unit: "ms",
          ...(BUDGET_MS[tier.id] ? { budget: { limit: BUDGET_MS[tier.id]!, kind: "max" as const } } : {}),
        });
        const each = (values: number[]) =>
          `${values.map((r) => Math.round(r)).join(" / ")} | ${Math.round(median(values))}`;
        details.push(
          `| ${interaction.name} | ${tier.name} | ${slowdown}x (index ${index}) | ${before ? `${each(earlier)} | ` : ""}${each(runs)} |`,
        );
      }
    }
  } finally {
    await browser.close();
    await server.close();
    await before?.close();
  }
  return { title: "The first interaction (tap or click to its paint, traced)", measures, details };
}

if (process.argv[1] === import.meta.filename) {
  const section = await measureFirstInteraction();
  console.log(section.details?.join("\n"));
}
