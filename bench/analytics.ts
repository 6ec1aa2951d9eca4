import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium, type Browser, type CDPSession } from "@playwright/test";
import { leadIncrements, viewIncrements, vitalsIncrements, type Increments } from "@codcrm/core/analytics/counters";
import { DEVICE_CLASSES, PAGE_TEMPLATES } from "@codcrm/core/analytics/page-view";
import { rangeDays } from "@codcrm/core/analytics/report";
import { analyticsDay } from "@codcrm/core/analytics/visitor";
import { queryEvery } from "@codcrm/core/db/paging";
import { DEFAULT_WEB_ROOT, startLocalServer, type LocalServer } from "@codcrm/local/server";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../scripts/chromium.ts";
import { median, type Measure, type Section } from "./budget.ts";
import { BENCH_PASSWORD, startBenchServer } from "./bench-server.ts";
import { lowTierSlowdown } from "./device-tiers.ts";
import { benchmarkIndex, phoneContext } from "./phone-page.ts";
import { SCRIPT, TASK_TRACE_CATEGORIES, type TraceEvent } from "./trace-tasks.ts";
import { ownerApiKey } from "./owner-key.ts";
import { BROWSER_USER_AGENT, beaconsFromVisitors, cannon } from "./cannon.ts";

/** The dashboard's target: 90 days holding 100,000 views answered within half a second, locally. */
const DASHBOARD_P99_MS = 500;
const DASHBOARD_VIEWS = 100_000;
const DASHBOARD_DAYS = 90;
/**
 * Store writes of one page view (docs/decisions/0401-analytics-counters-per-day.md): a visit's first page on an article
 * from a campaign (the visitor's mark, the day, the page, the country, the article, the source, the campaign, the
 * article's window and count), and a later page (the day, the page, the country). What docs/costs.md is priced on.
 */
const WRITES_FIRST_PAGE = 9;
const WRITES_LATER_PAGE = 3;
/** A long task: the one a visitor's input may wait behind. */
const LONG_TASK_MS = 50;

/**
 * `npm run bench -- analytics` (docs/decisions/0401-analytics-counters-per-day.md): what a page
 * view costs the store, how many beacons the local server takes, how fast the dashboard answers
 * for 90 days of 100,000 views, what the beacon weighs in each page, and what it and the speed
 * module cost the main thread of a low-tier phone.
 */
export async function measureAnalytics(): Promise<Section> {
  const measures: Measure[] = [];
  const details: string[] = [];
  const server = await startLocalServer({
    port: 0,
    dataDir: null,
    seed: true,
    env: { ...process.env, TRUST_CLIENT_ADDRESS_HEADER: "1", ADMIN_PASSWORD: BENCH_PASSWORD },
  });
  try {
    const writes = await storeCallsPerView(server);
    measures.push(...writes.measures);
    details.push(...writes.details);
    const throughput = await beaconThroughput(server);
    measures.push(...throughput.measures);
    details.push(...throughput.details);
    const dashboard = await dashboardAnswer(server);
    measures.push(...dashboard.measures);
    details.push(...dashboard.details);
  } finally {
    await server.close();
  }
  const bytes = beaconBytes();
  measures.push(...bytes.measures);
  details.push(...bytes.details);
  const thread = await mainThreadAtLowTier();
  measures.push(...thread.measures);
  details.push(...thread.details);
  return {
    title: "Analytics: store writes, beacon throughput, dashboard, beacon weight and main thread",
    measures,
    details,
  };
}

/** Counts the store calls each request makes (a middleware on the functions' DynamoDB client). */
async function storeCallsPerView(server: LocalServer): Promise<{ measures: Measure[]; details: string[] }> {
  const calls: string[] = [];
  (await server.deps.db()).middlewareStack.add(
    (next, context) => async (args) => {
      calls.push(String(context.commandName).replace(/Command$/, ""));
      return next(args);
    },
    { step: "initialize", name: "countStoreCalls" },
  );
  const { articles } = (await fetch(`${server.url}/api/articles?limit=1`).then((r) => r.json())) as {
    articles: { id: string; slug: string }[];
  };
  const article = articles[0]!;
  const post = async (body: unknown, client: string) => {
    calls.length = 0;
    const response = await fetch(`${server.url}/api/views`, {
      method: "POST",
      headers: {
        "content-type": "text/plain;charset=UTF-8",
        "user-agent": BROWSER_USER_AGENT,
        "cloudfront-viewer-address": `${client}:1`,
        "cloudfront-viewer-country": "ES",
      },
      body: JSON.stringify(body),
    });
    if (response.status !== 204) throw new Error(`POST /api/views: ${response.status}`);
    const reads = calls.filter((name) => /^(Get|Query|BatchGet)/.test(name)).length;
    return { reads, writes: calls.length - reads, calls: [...calls] };
  };
  // The day's first view makes the salt; measured apart, then the views of a visit.
  const first = await post({ p: "/es" }, "10.9.0.1");
  const entry = await post(
    { p: `/es/blog/${article.slug}`, a: article.id, e: 1, f: 1, r: "news.example", u: { campaign: "bench" } },
    "10.9.0.2",
  );
  const next = await post({ p: "/es/precios" }, "10.9.0.2");
  const again = await post({ p: `/es/blog/${article.slug}`, a: article.id }, "10.9.0.2");
  const rows: [string, { reads: number; writes: number; calls: string[] }][] = [
    ["the day's first view (it makes the salt)", first],
    ["a visit's first page, an article, a new visitor, from a campaign", entry],
    ["a later page of the same visit", next],
    ["the same article again within its window", again],
  ];
  return {
    measures: [
      {
        name: "store writes per page view, a visit's first page on an article",
        value: entry.writes,
        unit: "writes",
        budget: { limit: WRITES_FIRST_PAGE, kind: "max" },
      },
      {
        name: "store writes per page view, a later page",
        value: next.writes,
        unit: "writes",
        budget: { limit: WRITES_LATER_PAGE, kind: "max" },
      },
      { name: "store reads per page view, a later page", value: next.reads, unit: "reads" },
    ],
    details: [
      "Store calls of one beacon on the local server, each a single small item (under 1 KB: one write unit each on DynamoDB), in order:",
      "",
      "| view | reads | writes | calls |",
      "|---|---|---|---|",
      ...rows.map(([name, row]) => `| ${name} | ${row.reads} | ${row.writes} | ${row.calls.join(", ")} |`),
      "",
    ],
  };
}

/** Beacons from 5,000 visitors, 20 connections, as the local server answers them. */
async function beaconThroughput(server: LocalServer): Promise<{ measures: Measure[]; details: string[] }> {
  const pages = ["/es", "/es/precios", "/en", "/pt/servicios", "/es/blog"];
  const result = await cannon({
    url: `${server.url}/api/views`,
    connections: 20,
    amount: 5000,
    requests: beaconsFromVisitors((visitor) => ({
      p: pages[visitor % pages.length],
      ...(visitor % 3 === 0 ? { e: 1 } : {}),
    })),
  });
  if (result.errors || result.non2xx) throw new Error(`beacons: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    measures: [
      {
        name: "beacons/s on the local server (5,000 visitors, 20 connections)",
        value: Math.round(result.requests.average),
        unit: "req/s",
      },
      { name: "beacon p99 latency", value: result.latency.p99, unit: "ms" },
    ],
    details: [
      `Beacons: ${result.requests.total} views from 5,000 visitors, ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms.`,
      "",
    ],
  };
}

/**
 * 90 days holding 100,000 views, as the counters hold them: each simulated view (a page of 60,
 * an article of 40, one of 30 countries, 3 devices, a visit's first page one time in three with a
 * source of 25 and a campaign of 8, a visitor new one time in two) and a lead per 150 views, with
 * a speed sample per view, aggregated into each day's items by the same functions the routes use,
 * then written; then the dashboard's 90 days, one request at a time.
 */
async function dashboardAnswer(server: LocalServer): Promise<{ measures: Measure[]; details: string[] }> {
  const today = analyticsDay(server.deps.clock());
  const days = rangeDays(today, DASHBOARD_DAYS);
  const perDay = Math.round(DASHBOARD_VIEWS / DASHBOARD_DAYS);
  const analytics = await server.deps.analytics();
  let random = 12345;
  const next = (n: number) => {
    random = (random * 1103515245 + 12345) % 2 ** 31;
    return random % n;
  };
  let items = 0;
  const started = Date.now();
  for (const day of days) {
    const increments: Increments = new Map();
    for (let view = 0; view < perDay; view++) {
      const language = (["es", "en", "pt"] as const)[next(3)]!;
      const article = next(2) === 0 ? `bench-article-${next(40)}` : undefined;
      const entry = next(3) === 0;
      viewIncrements(
        {
          page: article ? `/${language}/blog/${article}` : `/${language}/page-${next(20)}`,
          language,
          country: `C${next(30)}`,
          device: DEVICE_CLASSES[next(3)]!,
          newVisitor: next(2) === 0,
          ...(entry
            ? { entry: { source: `source-${next(25)}`, campaign: next(4) === 0 ? `campaign-${next(8)}` : undefined } }
            : {}),
          ...(article ? { article: { id: article, firstInVisit: next(2) === 0 } } : {}),
        },
        increments,
      );
      vitalsIncrements(
        PAGE_TEMPLATES[next(PAGE_TEMPLATES.length)]!,
        DEVICE_CLASSES[next(3)]!,
        { lcp: next(6000), inp: next(700), cls: next(40) / 100 },
        increments,
      );
      if (next(150) === 0)
        leadIncrements(
          "trial",
          { entryPage: `/${language}/page-${next(20)}`, utm: { campaign: `campaign-${next(8)}` } },
          increments,
        );
    }
    items += increments.size;
    await analytics.add(day, increments);
  }
  const seeded = Date.now() - started;
  // The dashboard is read as a script reads it: with the owner's API key (decision 0421).
  const token = await ownerApiKey(server.url, BENCH_PASSWORD);
  const answer = async (target: LocalServer, auth: string) => {
    const started = performance.now();
    const response = await fetch(`${target.url}/api/admin/analytics?days=90`, {
      headers: { authorization: `Bearer ${auth}` },
    });
    if (response.status !== 200) throw new Error(`dashboard: ${response.status}`);
    await response.arrayBuffer();
    return performance.now() - started;
  };
  // The first answer ever: every day read from its partition, and each day that is over written
  // as one item. Then new functions' (nothing in memory; the days that are over, one batch read),
  // then a warm one's.
  const firstEver = await answer(server, token);
  const cold: number[] = [];
  for (let i = 0; i < 3; i++) {
    const fresh = await startLocalServer({
      port: 0,
      dataDir: null,
      seed: false,
      env: { ADMIN_PASSWORD: BENCH_PASSWORD },
    });
    try {
      await copyDays(server, fresh, days);
      cold.push(await answer(fresh, await ownerApiKey(fresh.url, BENCH_PASSWORD)));
    } finally {
      await fresh.close();
    }
  }
  const result = await cannon({
    url: `${server.url}/api/admin/analytics?days=90`,
    connections: 1,
    amount: 30,
    headers: { authorization: `Bearer ${token}`, "accept-encoding": "identity" },
  });
  if (result.errors || result.non2xx) throw new Error(`dashboard: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    measures: [
      {
        name: `GET /api/admin/analytics?days=90 over ${DASHBOARD_VIEWS.toLocaleString("en")} views, a new function (median of 3)`,
        value: Math.round(median(cold)),
        unit: "ms",
        budget: { limit: DASHBOARD_P99_MS, kind: "max" },
      },
      {
        name: "the same, a warm function, p99",
        value: result.latency.p99,
        unit: "ms",
        budget: { limit: DASHBOARD_P99_MS, kind: "max" },
      },
      {
        name: "the same, the first answer ever (every day's partition read)",
        value: Math.round(firstEver),
        unit: "ms",
      },
      {
        name: "counter items per day (90 days of 100,000 views)",
        value: Math.round(items / DASHBOARD_DAYS),
        unit: "items",
      },
    ],
    details: [
      `Dashboard: ${DASHBOARD_VIEWS.toLocaleString("en")} simulated views over ${DASHBOARD_DAYS} days kept as ${items.toLocaleString("en")} counter items ` +
        `(${Math.round(items / DASHBOARD_DAYS)} a day; written in ${(seeded / 1000).toFixed(1)} s). The first answer ever, every day's partition read and the days that are over written as one item each: ${firstEver.toFixed(0)} ms; ` +
        `a new function's (those days one batch read, yesterday's and today's partitions): ${cold.map((ms) => ms.toFixed(0)).join(" / ")} ms; ` +
        `a warm one's, ${result.requests.total} times one at a time: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms.`,
      "",
    ],
  };
}

/** The counter items of these days, copied from one server's store to another's as they are. */
async function copyDays(from: LocalServer, to: LocalServer, days: readonly string[]): Promise<void> {
  const source = await from.deps.db();
  const target = await to.deps.db();
  const { BatchWriteCommand } = await import("@aws-sdk/lib-dynamodb");
  for (const day of days) {
    const Items = await queryEvery(source, {
      TableName: from.deps.config.TABLE_NAME,
      KeyConditionExpression: "pk = :pk",
      ExpressionAttributeValues: { ":pk": `STATS#${day}` },
    });
    for (let start = 0; start < Items.length; start += 25) {
      let request: Record<string, { PutRequest: { Item: Record<string, unknown> } }[]> | undefined = {
        [to.deps.config.TABLE_NAME]: Items.slice(start, start + 25).map((Item) => ({ PutRequest: { Item } })),
      };
      while (request && Object.keys(request).length > 0) {
        const written = await target.send(new BatchWriteCommand({ RequestItems: request }));
        request = written.UnprocessedItems as typeof request;
      }
    }
  }
}

/** What the beacon adds to each page: the start script's weight, and the speed module it loads later. */
function beaconBytes(): { measures: Measure[]; details: string[] } {
  const page = readFileSync(path.join(DEFAULT_WEB_ROOT, "es/index.html"), "utf8");
  const script = [...page.matchAll(/<script\b[^>]*data-preload[^>]*>([\s\S]*?)<\/script>/g)][0]?.[1];
  if (!script) throw new Error("The built landing page carries no start script: run npm run build first.");
  // The page-view part: from the speed module's and the beacon's first statement to the start's.
  const from = script.indexOf('document.querySelector("[data-view-article]")');
  const beaconPart = from >= 0 ? script.slice(script.lastIndexOf("function", from)) : "";
  const vitals = /import\("(\/assets\/vitals-[^"]+)"\)/.exec(script)?.[1];
  if (!vitals) throw new Error("The start script names no speed module.");
  const module = readFileSync(path.join(DEFAULT_WEB_ROOT, vitals), "utf8");
  const gz = (text: string) => gzipSync(text).length;
  return {
    measures: [
      {
        name: "start script in each page, compressed (beacon included)",
        value: gz(script),
        unit: "B",
        budget: { limit: 2048, kind: "max" },
      },
      { name: "start script in each page", value: script.length, unit: "B" },
      {
        name: "speed module (web-vitals), compressed, loaded when idle after load",
        value: gz(module),
        unit: "B",
        budget: { limit: 4096, kind: "max" },
      },
    ],
    details: [
      `The start script is ${script.length} B (${gz(script)} B compressed); its page-view and speed part, from its first function on, about ${beaconPart.length} B raw. ` +
        `The speed module \`${vitals}\` is ${module.length} B (${gz(module)} B compressed), fetched when the browser is idle after the page's load.`,
      "",
    ],
  };
}

/**
 * The landing and an article loaded on a low-tier phone (the host's CPU slowed down to one,
 * docs/decisions/0325-how-the-bench-measures-phones.md), nobody touching them, traced until the
 * beacon and the speed module have run: every task that ran the start script's beacon or the
 * speed module, and the longest of them. None may be a long task.
 */
async function mainThreadAtLowTier(): Promise<{ measures: Measure[]; details: string[] }> {
  const server = await startBenchServer();
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const index = await benchmarkIndex(browser);
    const slowdown = lowTierSlowdown(index, process.env.LOW_TIER_SLOWDOWN);
    const { articles } = (await fetch(`${server.url}/api/articles?limit=1`).then((r) => r.json())) as {
      articles: { slug: string }[];
    };
    const pages = [
      ["landing", "/es"],
      ["article", `/es/blog/${articles[0]!.slug}`],
    ] as const;
    const measures: Measure[] = [];
    const rows: string[] = [];
    for (const [name, pagePath] of pages) {
      const longest: number[] = [];
      let tasks = 0;
      for (let load = 0; load < 3; load++) {
        const found = await traceBeacon(browser, server.url + pagePath, slowdown);
        longest.push(found.longest);
        tasks = found.tasks;
      }
      measures.push({
        name: `${name}: our beacon's and speed module's longest time in one task, low tier`,
        value: Math.round(median(longest) * 10) / 10,
        unit: "ms",
        budget: { limit: LONG_TASK_MS, kind: "max" },
      });
      rows.push(`| ${name} | ${longest.map((ms) => ms.toFixed(1)).join(" / ")} | ${tasks} |`);
    }
    return {
      measures,
      details: [
        `Low tier: CPU slowed ${slowdown}× (host benchmarkIndex ${index}). Our script's own time in each task after the load that ran the page-view beacon (after the load and its next frame) or the speed module (when idle), per load:`,
        "",
        "| page | longest of them, each load (ms) | how many |",
        "|---|---|---|",
        ...rows,
      ],
    };
  } finally {
    await browser.close();
    await server.close();
  }
}

async function traceBeacon(
  browser: Browser,
  url: string,
  slowdown: number,
): Promise<{ longest: number; tasks: number }> {
  const context = await phoneContext(browser);
  try {
    const page = await context.newPage();
    const cdp: CDPSession = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: slowdown });
    const beacon = page.waitForRequest((request) => request.url().endsWith("/api/views"));
    const vitals = page.waitForRequest((request) => /\/assets\/vitals-/.test(request.url()));
    await browser.startTracing(page, { categories: [...TASK_TRACE_CATEGORIES] });
    await page.goto(url, { waitUntil: "load" });
    await Promise.all([beacon, vitals]);
    // The module's evaluation and the library's observers, after its request.
    await page.waitForTimeout(1500);
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    return beaconTasks(trace.traceEvents, url);
  } finally {
    await context.close();
  }
}

/**
 * Our script's own time in each main-thread task after the page's load in which the beacon (the
 * start script's timers, frame and idle callbacks) or the speed module ran: its outermost events
 * in the task, added up. A frame the browser paints with our one-line animation-frame callback in
 * it is the browser's frame; only the callback is ours (docs/decisions/0195-whose-task-a-frame-is.md).
 */
function beaconTasks(events: TraceEvent[], url: string): { longest: number; tasks: number } {
  const parse = events.find((e) => e.name === "ParseHTML" && (e.args?.beginData?.url ?? "").startsWith(url));
  if (!parse) throw new Error(`The trace has no parse of ${url}`);
  const load = events.find((e) => e.name === "MarkLoad" && e.pid === parse.pid)?.ts ?? parse.ts;
  const thread = events
    .filter((e) => e.pid === parse.pid && e.tid === parse.tid && e.ph === "X" && e.dur !== undefined && e.ts >= load)
    .sort((a, b) => a.ts - b.ts);
  const tasks = thread.filter((e) => e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask");
  const page = (e: TraceEvent) => (e.args?.data?.url ?? "").startsWith(url);
  const vitals = (e: TraceEvent) => /\/assets\/vitals-/.test(e.args?.data?.url ?? "");
  // The start script's own evaluation, as the page is parsed, is not the beacon: its callbacks are.
  const ours = thread.filter(
    (e) => SCRIPT.has(e.name) && (vitals(e) || (page(e) && e.name !== "EvaluateScript" && e.name !== "v8.compile")),
  );
  const time = new Map<TraceEvent, number>();
  let reach = 0;
  for (const event of ours) {
    if (event.ts < reach) continue;
    reach = event.ts + event.dur!;
    const task = tasks.find((t) => t.ts <= event.ts && event.ts < t.ts + t.dur!);
    if (task) time.set(task, (time.get(task) ?? 0) + event.dur! / 1000);
  }
  const durations = [...time.values()];
  return { longest: durations.length ? Math.max(...durations) : 0, tasks: durations.length };
}
