import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Config, type Flags, type RunnerResult } from "lighthouse";
import { throttling } from "lighthouse/core/config/constants.js";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { median, type Measure, type Section } from "./budget.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../scripts/chromium.ts";
import { benchPages, startBenchServer } from "./bench-server.ts";

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const LANGS = (process.env.LIGHTHOUSE_LANGS ?? "es,en,pt").split(",");

/**
 * The mobile preset's CPU slowdown: Lighthouse's own 4x unless LIGHTHOUSE_CPU_SLOWDOWN says
 * otherwise. 4x turns a high-end desktop (benchmarkIndex 1500+) into a mid-tier phone; on a
 * weaker host Lighthouse's docs/throttling.md suggest less, which the report states.
 */
const CPU_SLOWDOWN = Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN) > 0 ? Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN) : 4;

/** The slowdown docs/throttling.md suggests to emulate a mid-tier phone from a host of this benchmarkIndex. */
export function suggestedCpuSlowdown(benchmarkIndex: number): number {
  if (benchmarkIndex >= 1500) return 4;
  if (benchmarkIndex >= 800) return 2;
  return 1;
}

/** One Lighthouse run; a run Lighthouse itself reports as broken (e.g. NO_NAVSTART) is repeated. */
async function audit(url: string, flags: Flags, config?: Config): Promise<RunnerResult> {
  let last: RunnerResult | undefined;
  for (let attempt = 0; attempt < 3; attempt++) {
    last = await lighthouse(url, { output: "json", logLevel: "error", ...flags }, config);
    if (last && !last.lhr.runtimeError) return last;
  }
  throw new Error(`Lighthouse could not audit ${url}: ${last?.lhr.runtimeError?.code ?? "no result"}`);
}

/**
 * Lighthouse (mobile and desktop presets) on the production build served locally; the
 * median of RUNS runs per page, language and preset.
 */
export async function measureLighthouse(): Promise<Section> {
  const server = await startBenchServer();
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    // chrome-launcher, unlike Playwright, starts a headed browser unless told otherwise.
    chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
  });
  const measures: Measure[] = [];
  const details: string[] = [];
  const failedAudits: string[] = [];
  try {
    const pages = await benchPages(server);
    // A first run warms Chromium up and measures the host's CPU (benchmarkIndex).
    const warmUp = await audit(server.url + pages[0]!.path("es"), { port: chrome.port });
    const benchmarkIndex = Math.round(warmUp.lhr.environment.benchmarkIndex);
    const mobileConfig: Config = {
      extends: "lighthouse:default",
      settings: { throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: CPU_SLOWDOWN } },
    };
    details.push(
      `Mobile: Slow 4G and a ${CPU_SLOWDOWN}x CPU slowdown${CPU_SLOWDOWN === 4 ? " (Lighthouse's default)" : " (LIGHTHOUSE_CPU_SLOWDOWN)"}. ` +
        `Host benchmarkIndex ${benchmarkIndex}; for this host Lighthouse's docs/throttling.md suggest ${suggestedCpuSlowdown(benchmarkIndex)}x.`,
      "",
      "TBT runs: each run's TBT, to read the median against; benchmarkIndex: the host's CPU score during those runs.",
      "",
      "| page | preset | perf | a11y | best practices | SEO | LCP ms | CLS | TBT ms | TBT runs | benchmarkIndex |",
      "|---|---|---|---|---|---|---|---|---|---|---|",
    );
    for (const page of pages) {
      for (const lang of LANGS) {
        for (const preset of ["mobile", "desktop"] as const) {
          const runs: Record<string, number>[] = [];
          for (let i = 0; i < RUNS; i++) {
            const result = await audit(
              server.url + page.path(lang),
              { port: chrome.port },
              preset === "desktop" ? desktopConfig : mobileConfig,
            );
            const lhr = result.lhr;
            const failing = Object.values(lhr.audits).filter(
              (a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary",
            );
            if (i === 0 && failing.length)
              failedAudits.push(`- ${page.name} /${lang} ${preset}: ${failing.map((a) => a.id).join(", ")}`);
            runs.push({
              performance: (lhr.categories.performance?.score ?? 0) * 100,
              accessibility: (lhr.categories.accessibility?.score ?? 0) * 100,
              bestPractices: (lhr.categories["best-practices"]?.score ?? 0) * 100,
              seo: (lhr.categories.seo?.score ?? 0) * 100,
              lcp: lhr.audits["largest-contentful-paint"]?.numericValue ?? 0,
              cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0,
              tbt: lhr.audits["total-blocking-time"]?.numericValue ?? 0,
              benchmarkIndex: lhr.environment.benchmarkIndex,
            });
          }
          const m = (key: string) => median(runs.map((r) => r[key]!));
          const label = `${page.name} /${lang} ${preset}`;
          details.push(
            `| ${page.name} /${lang} | ${preset} | ${m("performance")} | ${m("accessibility")} | ${m("bestPractices")} | ${m("seo")} | ${m("lcp").toFixed(0)} | ${m("cls").toFixed(3)} | ${m("tbt").toFixed(0)} | ${runs.map((r) => r.tbt!.toFixed(0)).join(" / ")} | ${m("benchmarkIndex").toFixed(0)} |`,
          );
          measures.push(
            {
              name: `${label} accessibility`,
              value: m("accessibility"),
              unit: "",
              budget: { limit: 100, kind: "min" },
            },
            {
              name: `${label} best practices`,
              value: m("bestPractices"),
              unit: "",
              budget: { limit: 100, kind: "min" },
            },
            { name: `${label} SEO`, value: m("seo"), unit: "", budget: { limit: 100, kind: "min" } },
          );
          if (preset === "mobile") {
            measures.push(
              { name: `${label} performance`, value: m("performance"), unit: "", budget: { limit: 98, kind: "min" } },
              { name: `${label} LCP`, value: Math.round(m("lcp")), unit: "ms", budget: { limit: 1800, kind: "max" } },
              {
                name: `${label} CLS`,
                value: Number(m("cls").toFixed(3)),
                unit: "",
                budget: { limit: 0.01, kind: "max" },
              },
              { name: `${label} TBT`, value: Math.round(m("tbt")), unit: "ms", budget: { limit: 100, kind: "max" } },
            );
          }
        }
      }
    }
    if (failedAudits.length) details.push("", "Audits that failed (first run of each):", ...failedAudits);
    return { title: `Lighthouse ${RUNS > 1 ? `(median of ${RUNS} runs)` : "(1 run)"}`, measures, details };
  } finally {
    chrome.kill();
    await server.close();
  }
}
