import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Config, type Flags, type RunnerResult } from "lighthouse";
import { throttling } from "lighthouse/core/config/constants.js";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { median, type Measure, type Section } from "./budget.ts";
import { lcpWithinFloor, LCP_OVER_HTML_ALONE, TIERS, tierSlowdown, type DeviceTier } from "./device-tiers.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../scripts/chromium.ts";
import { benchPages, startBenchServer } from "./bench-server.ts";
import { recordTbtEstimates, reportedRunTbt } from "./lantern-tbt.ts";

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const LANGS = (process.env.LIGHTHOUSE_LANGS ?? "es,en,pt").split(",");

/** One Lighthouse run; a run Lighthouse itself reports as broken (e.g. NO_NAVSTART) is repeated. */
export async function audit(url: string, flags: Flags, config?: Config): Promise<RunnerResult> {
  let last: RunnerResult | undefined;
  for (let attempt = 0; attempt < 3; attempt++) {
    last = await lighthouse(url, { output: "json", logLevel: "error", ...flags }, config);
    if (last && !last.lhr.runtimeError) return last;
  }
  throw new Error(`Lighthouse could not audit ${url}: ${last?.lhr.runtimeError?.code ?? "no result"}`);
}

/** Debian's Chromium for Lighthouse, headless (chrome-launcher, unlike Playwright, starts a headed browser unless told otherwise). */
export function launchChrome(): Promise<chromeLauncher.LaunchedChrome> {
  return chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ["--headless=new", ...CHROMIUM_ARGS] });
}

/**
 * The host's benchmarkIndex as Lighthouse measures it: the median of `runs` audits of `url`,
 * which also warm Chromium up before the measured runs.
 */
export async function warmUpIndex(url: string, port: number, runs: number): Promise<{ index: number; runs: number[] }> {
  const indexes: number[] = [];
  for (let i = 0; i < runs; i++) indexes.push((await audit(url, { port })).lhr.environment.benchmarkIndex);
  return { index: Math.round(median(indexes)), runs: indexes };
}

/** The mobile preset (Slow 4G) at a CPU slowdown; with `htmlAlone`, every script blocked. */
export function mobileConfig(cpuSlowdownMultiplier: number, htmlAlone = false): Config {
  return {
    extends: "lighthouse:default",
    settings: {
      throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier },
      ...(htmlAlone ? { blockedUrlPatterns: ["*.js"] } : {}),
    },
  };
}

type Run = Record<
  "performance" | "accessibility" | "bestPractices" | "seo" | "lcp" | "cls" | "tbt" | "tbtFromPaint" | "index",
  number
>;

const takeTbtEstimates = recordTbtEstimates();

/**
 * A run's figures. `tbtFromPaint` is Lighthouse's TBT counted from the paint as the trace had it
 * (bench/lantern-tbt.ts, a diagnostic beside Lighthouse's own `tbt`), from the TBT
 * estimates Lantern made during the run (`estimates`).
 */
function figures(result: RunnerResult, estimates: ReturnType<typeof takeTbtEstimates>): Run {
  const { lhr } = result;
  const tbt = reportedRunTbt(lhr, estimates);
  return {
    performance: (lhr.categories.performance?.score ?? 0) * 100,
    accessibility: (lhr.categories.accessibility?.score ?? 0) * 100,
    bestPractices: (lhr.categories["best-practices"]?.score ?? 0) * 100,
    seo: (lhr.categories.seo?.score ?? 0) * 100,
    lcp: lhr.audits["largest-contentful-paint"]?.numericValue ?? 0,
    cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0,
    tbt: tbt.lighthouse,
    tbtFromPaint: tbt.afterTracedPaint,
    index: lhr.environment.benchmarkIndex,
  };
}

/** The medians of `runs` runs, each run's TBT, and the first run's result (for its audits). */
async function measure(url: string, port: number, config: Config, runs = RUNS) {
  const all: Run[] = [];
  let first: RunnerResult | undefined;
  for (let i = 0; i < runs; i++) {
    takeTbtEstimates(); // those of earlier runs (the warm-up's)
    const result = await audit(url, { port }, config);
    first ??= result;
    all.push(figures(result, takeTbtEstimates()));
  }
  const m = (key: keyof Run) => median(all.map((run) => run[key]));
  return {
    m,
    tbts: all.map((run) => Math.round(run.tbt)),
    tbtsFromPaint: all.map((run) => Math.round(run.tbtFromPaint)),
    first: first!,
  };
}

/**
 * Binary audits that failed, for the report, each with the elements it names (their selector and
 * the audit's explanation, as in Lighthouse's own report), so that a failure seen once in a long
 * run can be read without reproducing it.
 */
function failedAudits(result: RunnerResult): string[] {
  return Object.values(result.lhr.audits)
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
    .map((a) => {
      const items = (
        (a.details as { items?: { node?: { selector?: string; explanation?: string } }[] } | undefined)?.items ?? []
      )
        .map((item) => item.node)
        .filter((node) => node?.selector)
        .slice(0, 3)
        .map(
          (node) =>
            `\`${node!.selector}\`${node!.explanation ? `: ${node!.explanation.split("\n").slice(0, 2).join(" ")}` : ""}`,
        );
      return items.length ? `${a.id} (${items.join("; ")})` : a.id;
    });
}

/** Lighthouse's main-thread breakdown: milliseconds per kind of work, largest first. */
function mainThreadBreakdown(result: RunnerResult): string {
  const items = (
    result.lhr.audits["mainthread-work-breakdown"]?.details as
      { items?: { groupLabel: string; duration: number }[] } | undefined
  )?.items;
  return (items ?? [])
    .filter((item) => item.duration >= 1)
    .map((item) => `${item.groupLabel} ${Math.round(item.duration)}`)
    .join(", ");
}

/**
 * Lighthouse on the production build served locally, for every page and language: mobile at
 * each device tier (the CPU slowdown calibrated from the host's benchmarkIndex), the same page
 * with its scripts blocked (the HTML alone: the floor the page could reach), and desktop.
 * Medians of RUNS runs.
 */
export async function measureLighthouse(): Promise<Section> {
  const server = await startBenchServer();
  const chrome = await launchChrome();
  const measures: Measure[] = [];
  const rows: string[] = [];
  const floors: string[] = [];
  const breakdowns: string[] = [];
  const failures: string[] = [];
  try {
    const pages = await benchPages(server);
    // Warm-up runs: Chromium warms up, and the host's CPU is measured (benchmarkIndex).
    const { index: benchmarkIndex, runs: warmUp } = await warmUpIndex(
      server.url + pages[0]!.path("es"),
      chrome.port,
      3,
    );
    const tiers = TIERS.map((tier) => ({ tier, slowdown: tierSlowdown(tier, benchmarkIndex) }));
    const low = tiers.find(({ tier }) => tier.id === "low")!;
    const mid = tiers.find(({ tier }) => tier.id === "mid")!;
    // The HTML alone is measured where the budgets compare with it: at the low tier, or at the
    // mid tier on a host too slow to emulate a low-tier phone.
    const floorTier = low.slowdown !== undefined ? low : mid;

    for (const page of pages) {
      for (const lang of LANGS) {
        const url = server.url + page.path(lang);
        const label = `${page.name} /${lang}`;
        const results = new Map<DeviceTier["id"], Awaited<ReturnType<typeof measure>>>();
        for (const { tier, slowdown } of tiers) {
          if (slowdown === undefined) continue;
          const result = await measure(url, chrome.port, mobileConfig(slowdown));
          results.set(tier.id, result);
          rows.push(row(label, `${tier.name} (${slowdown}x)`, result));
          const failing = failedAudits(result.first);
          if (failing.length) failures.push(`- ${label} mobile (${tier.name}): ${failing.join(", ")}`);
        }

        let htmlAloneLcp: number | undefined;
        if (floorTier.slowdown !== undefined) {
          const alone = await measure(url, chrome.port, mobileConfig(floorTier.slowdown, true));
          const withScripts = results.get(floorTier.tier.id)!;
          htmlAloneLcp = alone.m("lcp");
          floors.push(
            `| ${label} | ${alone.m("performance")} / ${withScripts.m("performance")} | ${alone.m("lcp").toFixed(0)} / ${withScripts.m("lcp").toFixed(0)} (${signed(withScripts.m("lcp") - alone.m("lcp"))}) | ${alone.m("tbt").toFixed(0)} / ${withScripts.m("tbt").toFixed(0)} (${signed(withScripts.m("tbt") - alone.m("tbt"))}) |`,
          );
          if (lang === LANGS[0]) breakdowns.push(`- ${page.name}: ${mainThreadBreakdown(withScripts.first)}`);
        }

        const desktop = await measure(url, chrome.port, desktopConfig);
        const desktopFailing = failedAudits(desktop.first);
        if (desktopFailing.length) failures.push(`- ${label} desktop: ${desktopFailing.join(", ")}`);
        rows.push(row(label, "desktop", desktop));

        const reference = results.get("mid") ?? results.get("4x")!;
        for (const [key, name] of [
          ["accessibility", "accessibility"],
          ["bestPractices", "best practices"],
          ["seo", "SEO"],
        ] as const) {
          measures.push({
            name: `${label} ${name}`,
            value: reference.m(key),
            unit: "",
            budget: { limit: 100, kind: "min" },
          });
          measures.push({
            name: `${label} desktop ${name}`,
            value: desktop.m(key),
            unit: "",
            budget: { limit: 100, kind: "min" },
          });
        }
        const midRun = results.get("mid");
        if (midRun) {
          measures.push(
            ...tierScores(label, "mid-tier", midRun.m, { performance: 100, tbt: 50 }),
            {
              name: `${label} mid-tier LCP`,
              value: Math.round(midRun.m("lcp")),
              unit: "ms",
              budget: { limit: 1800, kind: "max" },
            },
            {
              name: `${label} mid-tier CLS`,
              value: Number(midRun.m("cls").toFixed(3)),
              unit: "",
              budget: { limit: 0.01, kind: "max" },
            },
          );
        }
        const lowRun = results.get("low");
        if (lowRun && htmlAloneLcp !== undefined) {
          const lcp = lowRun.m("lcp");
          measures.push(...tierScores(label, "low-tier", lowRun.m, { performance: 95, tbt: 200 }), {
            name: `${label} low-tier LCP over the HTML alone's`,
            value: Math.round((lcp / htmlAloneLcp - 1) * 1000) / 10,
            unit: "%",
            budget: { limit: LCP_OVER_HTML_ALONE * 100, kind: "max" },
            note: lcpWithinFloor(lcp, htmlAloneLcp)
              ? undefined
              : `${Math.round(lcp)} ms against ${Math.round(htmlAloneLcp)} ms`,
          });
        }
      }
    }

    const details = [
      `Host benchmarkIndex ${benchmarkIndex} (median of ${warmUp.length} warm-up runs: ${warmUp.map(Math.round).join(", ")}). ` +
        "Mobile: Slow 4G, and the CPU slowed down to the speed of a phone of each tier (Chrome's calibration: " +
        "mid-tier ≈ 1,000, low-tier ≈ 264): " +
        tiers
          .map(({ tier, slowdown }) =>
            slowdown === undefined
              ? `${tier.name}: not emulated, this host is slower than such a phone (its budgets are neither met nor missed)`
              : `${tier.name} ${slowdown}x`,
          )
          .join("; ") +
        ".",
      "",
      "TBT: Lighthouse's, what the TBT budgets read (docs/decisions/0325-how-the-bench-measures-phones.md); " +
        "TBT runs: each run's, to read the median against. TBT from the traced paint: a diagnostic, the same " +
        "simulation counted from the first contentful paint as the trace had it (bench/lantern-tbt.ts). " +
        "benchmarkIndex: the host's score during those runs.",
      "",
      "| page | preset | perf | LCP ms | CLS | TBT ms | TBT runs | TBT from the traced paint ms (runs) | benchmarkIndex |",
      "|---|---|---|---|---|---|---|---|---|",
      ...rows,
    ];
    if (floors.length)
      details.push(
        "",
        `The HTML alone (every script blocked) against the page, at the ${floorTier.tier.name} (${floorTier.slowdown}x): ` +
          "what the page's scripts cost on such a phone.",
        "",
        "| page | performance: HTML alone / page | LCP ms: HTML alone / page (Δ) | TBT ms: HTML alone / page (Δ) |",
        "|---|---|---|---|",
        ...floors,
      );
    if (breakdowns.length)
      details.push(
        "",
        `Lighthouse's main-thread breakdown at the ${floorTier.tier.name} (ms, first run, ${LANGS[0]}):`,
        "",
        ...breakdowns,
      );
    if (failures.length) details.push("", "Audits that failed (first run of each):", ...failures);
    return { title: `Lighthouse ${RUNS > 1 ? `(median of ${RUNS} runs)` : "(1 run)"}`, measures, details };
  } finally {
    chrome.kill();
    await server.close();
  }
}

/** A row of the report's table: the medians of a page's runs at a preset, and each run's TBT. */
function row(label: string, preset: string, { m, tbts, tbtsFromPaint }: Awaited<ReturnType<typeof measure>>): string {
  return `| ${label} | ${preset} | ${m("performance")} | ${m("lcp").toFixed(0)} | ${m("cls").toFixed(3)} | ${m("tbt").toFixed(0)} | ${tbts.join(" / ")} | ${m("tbtFromPaint").toFixed(0)} (${tbtsFromPaint.join(" / ")}) | ${m("index").toFixed(0)} |`;
}

function signed(value: number): string {
  return `${value >= 0 ? "+" : ""}${Math.round(value)}`;
}

/**
 * A tier's performance score and TBT, each against its budget (docs/decisions/0325-how-the-bench-measures-phones.md):
 * both are Lighthouse's own figures, as PageSpeed Insights shows them
 * (docs/decisions/0325-how-the-bench-measures-phones.md). The TBT counted from the traced
 * paint stays beside them as a diagnostic: where the two differ, the navigation's commit is what
 * Lantern placed after its paint estimate (bench/lantern-tbt.ts).
 */
function tierScores(
  label: string,
  tier: string,
  m: (key: "performance" | "tbt" | "tbtFromPaint") => number,
  budgets: { performance: number; tbt: number },
): Measure[] {
  return [
    {
      name: `${label} ${tier} performance`,
      value: m("performance"),
      unit: "",
      budget: { limit: budgets.performance, kind: "min" },
    },
    {
      name: `${label} ${tier} TBT`,
      value: Math.round(m("tbt")),
      unit: "ms",
      budget: { limit: budgets.tbt, kind: "max" },
    },
    {
      name: `${label} ${tier} TBT from the traced paint (diagnostic)`,
      value: Math.round(m("tbtFromPaint")),
      unit: "ms",
    },
  ];
}
