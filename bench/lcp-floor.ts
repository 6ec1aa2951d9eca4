/**
 * What stands between a page's LCP and the LCP of its HTML alone at the low tier: Lighthouse's
 * mobile preset at the low tier's CPU slowdown (bench/device-tiers.ts), each page with its
 * scripts and with every script blocked, and for each load the LCP, its phases and every request
 * that started before the observed LCP (Lighthouse simulates the load from those: a request there
 * is one the estimate waits for, docs/performance.md).
 *
 * Not a budget: a tool to find the cause and compare two builds. `npx tsx bench/lcp-floor.ts`;
 * `LCP_FLOOR_PAGES="landing,about"`, `LCP_FLOOR_RUNS` (loads of each kind), `LCP_FLOOR_LANG`,
 * `LCP_FLOOR_BEFORE=<copies of earlier web/build/client, comma-separated>` (their loads
 * alternate with this build's), `LCP_FLOOR_SLOWDOWN` (instead of the host's low-tier slowdown).
 */
import type { RunnerResult } from "lighthouse";
import type { LocalServer } from "@codcrm/local/server";
import { median } from "./budget.ts";
import { benchPages, startBenchServer } from "./bench-server.ts";
import { lowTierSlowdown } from "./device-tiers.ts";
import { audit, launchChrome, mobileConfig, warmUpIndex } from "./lighthouse-audit.ts";

const RUNS = Number(process.env.LCP_FLOOR_RUNS ?? 2);
const ONLY = (process.env.LCP_FLOOR_PAGES ?? "landing,services,service page,about").split(",").map((s) => s.trim());
const LANG = process.env.LCP_FLOOR_LANG ?? "es";
const BEFORE = process.env.LCP_FLOOR_BEFORE;

interface NetworkItem {
  url: string;
  networkRequestTime: number;
  resourceType?: string;
  statusCode?: number;
}

/** LCP (simulated), observed LCP, and the requests the observed load began before its LCP. */
function lcpCause(result: RunnerResult, origin: string) {
  const { audits } = result.lhr;
  const lcp = audits["largest-contentful-paint"]!.numericValue!;
  const metrics = (audits.metrics?.details as { items?: Record<string, number>[] } | undefined)?.items?.[0] ?? {};
  const observedLcp = metrics.observedLargestContentfulPaint ?? 0;
  const observedStart = metrics.observedNavigationStart ?? 0;
  const items = (audits["network-requests"]?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
  const before = items
    .filter((item) => item.networkRequestTime - observedStart <= observedLcp)
    .map((item) => `${item.url.replace(origin, "")}${item.statusCode && item.statusCode > 0 ? "" : " (blocked)"}`);
  const tbt = audits["total-blocking-time"]!.numericValue!;
  return { lcp, fcp: audits["first-contentful-paint"]!.numericValue!, tbt, observedLcp, before };
}

const server = await startBenchServer();
const earlier: [string, LocalServer][] = [];
for (const dir of BEFORE ? BEFORE.split(",") : []) earlier.push([dir, await startBenchServer({}, dir)]);
const chrome = await launchChrome();
try {
  const pages = (await benchPages(server)).filter((page) => ONLY.includes(page.name));
  const { index } = await warmUpIndex(server.url + pages[0]!.path(LANG), chrome.port, 2);
  const slowdown = lowTierSlowdown(index, process.env.LCP_FLOOR_SLOWDOWN);
  console.log(`benchmarkIndex ${index}, low tier ${slowdown}x`);
  const builds: [string, LocalServer][] = [...earlier, ["this", server]];
  for (const page of pages) {
    const lcps: Record<string, number[]> = {};
    const tbts: Record<string, number[]> = {};
    for (let run = 0; run < RUNS; run++) {
      for (const [name, s] of builds) {
        for (const alone of [false, true]) {
          const kind = `${name}${alone ? ", HTML alone" : ""}`;
          const result = await audit(s.url + page.path(LANG), { port: chrome.port }, mobileConfig(slowdown, alone));
          const cause = lcpCause(result, s.url);
          (lcps[kind] ??= []).push(Math.round(cause.lcp));
          (tbts[kind] ??= []).push(Math.round(cause.tbt));
          console.log(
            `${page.name} (${kind}): LCP ${cause.lcp.toFixed(0)} ms, FCP ${cause.fcp.toFixed(0)} ms, TBT ${cause.tbt.toFixed(0)} ms, ` +
              `observed LCP ${cause.observedLcp.toFixed(0)} ms; requested before it: ${cause.before.join(", ")}`,
          );
        }
      }
    }
    const summary = (figures: Record<string, number[]>) =>
      Object.entries(figures)
        .map(([kind, values]) => `${kind} ${values.join(" / ")} (median ${median(values)})`)
        .join("; ");
    console.log(`\n## ${page.name} /${LANG}: LCP ms, ${summary(lcps)}; TBT ms, ${summary(tbts)}\n`);
  }
} finally {
  chrome.kill();
  await server.close();
  for (const [, s] of earlier) await s.close();
}
