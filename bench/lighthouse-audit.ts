import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { median, type Measure, type Section } from "./budget.ts";
import { CHROMIUM, CHROMIUM_FLAGS, benchPages, startBenchServer } from "./bench-server.ts";

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const LANGS = (process.env.LIGHTHOUSE_LANGS ?? "es,en,pt").split(",");

/**
 * Lighthouse (mobile and desktop presets) on the production build served locally; the
 * median of RUNS runs per page, language and preset.
 */
export async function measureLighthouse(): Promise<Section> {
  const server = await startBenchServer();
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  const measures: Measure[] = [];
  const details = ["| page | preset | perf | a11y | best practices | SEO | LCP ms | CLS | TBT ms |", "|---|---|---|---|---|---|---|---|---|"];
  try {
    for (const page of await benchPages(server)) {
      for (const lang of LANGS) {
        for (const preset of ["mobile", "desktop"] as const) {
          const runs: Record<string, number>[] = [];
          for (let i = 0; i < RUNS; i++) {
            const result = await lighthouse(
              server.url + page.path(lang),
              { port: chrome.port, output: "json", logLevel: "error" },
              preset === "desktop" ? desktopConfig : undefined,
            );
            const lhr = result!.lhr;
            const failing = Object.values(lhr.audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary");
            if (i === 0 && failing.length) details.push(`- ${page.name} ${lang} ${preset}: ${failing.map((a) => a.id).join(", ")}`);
            runs.push({
              performance: (lhr.categories.performance?.score ?? 0) * 100,
              accessibility: (lhr.categories.accessibility?.score ?? 0) * 100,
              bestPractices: (lhr.categories["best-practices"]?.score ?? 0) * 100,
              seo: (lhr.categories.seo?.score ?? 0) * 100,
              lcp: lhr.audits["largest-contentful-paint"]?.numericValue ?? 0,
              cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0,
              tbt: lhr.audits["total-blocking-time"]?.numericValue ?? 0,
            });
          }
          const m = (key: string) => median(runs.map((r) => r[key]!));
          const label = `${page.name} /${lang} ${preset}`;
          details.push(
            `| ${page.name} /${lang} | ${preset} | ${m("performance")} | ${m("accessibility")} | ${m("bestPractices")} | ${m("seo")} | ${m("lcp").toFixed(0)} | ${m("cls").toFixed(3)} | ${m("tbt").toFixed(0)} |`,
          );
          measures.push(
            { name: `${label} accessibility`, value: m("accessibility"), unit: "", budget: { limit: 100, kind: "min" } },
            { name: `${label} best practices`, value: m("bestPractices"), unit: "", budget: { limit: 100, kind: "min" } },
            { name: `${label} SEO`, value: m("seo"), unit: "", budget: { limit: 100, kind: "min" } },
          );
          if (preset === "mobile") {
            measures.push(
              { name: `${label} performance`, value: m("performance"), unit: "", budget: { limit: 98, kind: "min" } },
              { name: `${label} LCP`, value: Math.round(m("lcp")), unit: "ms", budget: { limit: 1800, kind: "max" } },
              { name: `${label} CLS`, value: Number(m("cls").toFixed(3)), unit: "", budget: { limit: 0.01, kind: "max" } },
              { name: `${label} TBT`, value: Math.round(m("tbt")), unit: "ms", budget: { limit: 100, kind: "max" } },
            );
          }
        }
      }
    }
    return { title: `Lighthouse ${RUNS > 1 ? `(median of ${RUNS} runs)` : "(1 run)"}`, measures, details };
  } finally {
    chrome.kill();
    await server.close();
  }
}
