/**
 * `npm run bench`: measures the site against its budgets and writes bench/report.md and
 * bench/report.json. Exits non-zero when a budget is missed. Figures depend on the machine:
 * the report names it. `npm run bench -- api lambdas` runs only the named suites;
 * LIGHTHOUSE_RUNS=1 makes a quick Lighthouse pass.
 */
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { measureApiThroughput } from "./api-throughput.ts";
import { passes, type Section } from "./budget.ts";
import { measureHtmlValidity } from "./html-validity.ts";
import { measureLambdaBundles } from "./lambda-bundles.ts";
import { measureLighthouse } from "./lighthouse-audit.ts";
import { measureWebBundles } from "./web-bundles.ts";

const only = process.argv.slice(2);
const suites: Record<string, () => Promise<Section>> = {
  bundles: measureWebBundles,
  html: measureHtmlValidity,
  api: measureApiThroughput,
  lambdas: measureLambdaBundles,
  lighthouse: measureLighthouse,
};

const sections: Section[] = [];
for (const [name, run] of Object.entries(suites)) {
  if (only.length && !only.includes(name)) continue;
  console.log(`bench: ${name}...`);
  sections.push(await run());
}

const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const date = new Date().toISOString().slice(0, 10);
const lines = [`# Benchmark report`, "", `${date} — ${machine}`, ""];
let failed = 0;
for (const section of sections) {
  lines.push(`## ${section.title}`, "", "| measure | value | budget | |", "|---|---|---|---|");
  for (const m of section.measures) {
    const ok = passes(m);
    if (!ok) failed++;
    const budget = m.budget ? `${m.budget.kind === "max" ? "≤" : "≥"} ${m.budget.limit} ${m.unit}` : "";
    lines.push(`| ${m.name} | ${m.value} ${m.unit} | ${budget} | ${m.budget ? (ok ? "✅" : "❌") : ""} |`);
  }
  if (section.details?.length) lines.push("", ...section.details);
  lines.push("");
}
lines.push(failed ? `**${failed} budget(s) missed.**` : "All budgets met.");
const dir = import.meta.dirname;
writeFileSync(path.join(dir, "report.md"), lines.join("\n") + "\n");
writeFileSync(path.join(dir, "report.json"), JSON.stringify({ date, machine, sections }, null, 2) + "\n");
console.log(lines.join("\n"));
process.exit(failed ? 1 : 0);
