/**
 * `npm run bench`: measures the site against its budgets and writes bench/report.md and
 * bench/report.json. Exits non-zero when a budget is missed. Figures depend on the machine:
 * the report names it. `npm run bench -- api lambdas` runs only the named suites (the
 * report keeps the others' last figures, dated); LIGHTHOUSE_RUNS=1 makes a quick Lighthouse
 * pass. The mobile CPU slowdowns come from the host's benchmarkIndex (bench/device-tiers.ts).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { measureApiThroughput } from "./api-throughput.ts";
import { measureAppStart } from "./app-start.ts";
import { passes, type Section } from "./budget.ts";
import { measureHtmlValidity } from "./html-validity.ts";
import { measureLambdaBundles } from "./lambda-bundles.ts";
import { measureLighthouse } from "./lighthouse-audit.ts";
import { measureLoginFlood } from "./login-flood.ts";
import { measureMainThread } from "./main-thread.ts";
import { measureNewsletterSend } from "./newsletter-send.ts";
import { measureWebBundles } from "./web-bundles.ts";

const only = process.argv.slice(2);
const suites: Record<string, () => Promise<Section>> = {
  bundles: measureWebBundles,
  html: measureHtmlValidity,
  api: measureApiThroughput,
  "login-flood": measureLoginFlood,
  lambdas: measureLambdaBundles,
  lighthouse: measureLighthouse,
  "main-thread": measureMainThread,
  start: measureAppStart,
  "newsletter-send": measureNewsletterSend,
};

type SuiteSection = Section & { suite: string };
const dir = import.meta.dirname;

/** With named suites only, the others keep their figures from the last report, saying when and where they were measured. */
function previousSections(): Map<string, SuiteSection> {
  if (!only.length || !existsSync(path.join(dir, "report.json"))) return new Map();
  const previous = JSON.parse(readFileSync(path.join(dir, "report.json"), "utf8")) as {
    date: string;
    machine: string;
    sections: Partial<SuiteSection>[];
  };
  return new Map(
    previous.sections
      .filter((section): section is SuiteSection => typeof section.suite === "string")
      .map((section) => [
        section.suite,
        {
          ...section,
          title: section.title.includes(", measured ")
            ? section.title
            : `${section.title}, measured ${previous.date} on ${previous.machine}`,
        },
      ]),
  );
}

const kept = previousSections();
const sections: SuiteSection[] = [];
for (const [name, run] of Object.entries(suites)) {
  if (only.length && !only.includes(name)) {
    const earlier = kept.get(name);
    if (earlier) sections.push(earlier);
    continue;
  }
  console.log(`bench: ${name}...`);
  sections.push({ suite: name, ...(await run()) });
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
writeFileSync(path.join(dir, "report.md"), lines.join("\n") + "\n");
writeFileSync(path.join(dir, "report.json"), JSON.stringify({ date, machine, sections }, null, 2) + "\n");
console.log(lines.join("\n"));
process.exit(failed ? 1 : 0);
