/**
 * `npm run bench`: measures the site against its budgets and writes bench/report.md and
 * bench/report.json. Exits non-zero when a budget is missed. Figures depend on the machine:
 * the report names it. `npm run bench -- api lambdas` runs only the named suites (the
 * report keeps the others' last figures, dated); LIGHTHOUSE_RUNS=1 makes a quick Lighthouse
 * pass. The mobile CPU slowdowns come from the host's benchmarkIndex (bench/device-tiers.ts).
 * A suite that stops with an error does not take the others' figures with it: the report says
 * so where its section would be, keeps its last figures (dated), and the run exits non-zero.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { measureAnalytics } from "./analytics.ts";
import { measureApiThroughput } from "./api-throughput.ts";
import { measureAppStart } from "./app-start.ts";
import { passes, type Section } from "./budget.ts";
import { measureFirstInteraction } from "./first-interaction.ts";
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
  "first-interaction": measureFirstInteraction,
  "newsletter-send": measureNewsletterSend,
  analytics: measureAnalytics,
};

type SuiteSection = Section & { suite: string };
const dir = import.meta.dirname;

/**
 * The last report's sections, titled with when and where they were measured: with named suites
 * only, the others keep them; a suite that stops with an error keeps its own.
 */
function previousSections(): Map<string, SuiteSection> {
  if (!existsSync(path.join(dir, "report.json"))) return new Map();
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
const stopped: string[] = [];
for (const [name, run] of Object.entries(suites)) {
  if (only.length && !only.includes(name)) {
    const earlier = kept.get(name);
    if (earlier) sections.push(earlier);
    continue;
  }
  console.log(`bench: ${name}...`);
  try {
    sections.push({ suite: name, ...(await run()) });
  } catch (error) {
    console.error(`bench: ${name} stopped:`, error);
    stopped.push(name);
    const earlier = kept.get(name);
    const reason = error instanceof Error ? error.message : String(error);
    sections.push({
      suite: name,
      title: earlier?.title ?? name,
      measures: earlier?.measures ?? [],
      details: [
        `**This run's \`${name}\` suite stopped with an error: ${reason}.**${earlier ? " The figures here are the last report's." : ""}`,
        ...(earlier?.details?.length ? ["", ...earlier.details] : []),
      ],
    });
  }
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
if (stopped.length) lines.push("", `**Stopped with an error: ${stopped.join(", ")}.**`);
writeFileSync(path.join(dir, "report.md"), lines.join("\n") + "\n");
writeFileSync(path.join(dir, "report.json"), JSON.stringify({ date, machine, sections }, null, 2) + "\n");
console.log(lines.join("\n"));
process.exit(failed || stopped.length ? 1 : 0);
