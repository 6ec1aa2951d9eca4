/**
 * What Lighthouse's simulated TBT of a page is made of: runs Lighthouse's mobile preset at the
 * low tier's slowdown (the host's benchmarkIndex, bench/device-tiers.ts) and reads, from its own
 * simulation (Lantern's node timings of the time-to-interactive graphs, the two whose average is
 * the TBT), each main-thread task's part of the time blocked after the first contentful paint,
 * by kind: the navigation's commit, parsing, layout, script, script that laid out; and whether the
 * load's longest layout task was in Lantern's paint estimate or after it; beside Lighthouse's TBT,
 * the same counted from the traced paint, as the bench's budgets read it (bench/lantern-tbt.ts).
 *
 * Not a budget: a tool to see whether a page's TBT is its script's or the browser's work on its
 * HTML, and how Lantern placed that work (docs/performance.md). Run it with
 * `npx tsx bench/tbt-parts.ts`; `TBT_PARTS_PAGES="services:es,service page:pt"` (a page's name
 * from the bench, and its language), `TBT_PARTS_RUNS` (runs a page, 3), `TBT_PARTS_HTML_ALONE=1`
 * (every script blocked, as the bench's floor), `TBT_PARTS_SLOWDOWN` (instead of the host's).
 */
import * as Lantern from "lighthouse/core/lib/lantern/lantern.js";
import { benchPages, startBenchServer } from "./bench-server.ts";
import { lowTierSlowdown } from "./device-tiers.ts";
import { audit, launchChrome, mobileConfig, warmUpIndex } from "./lighthouse-audit.ts";
import { SCRIPT } from "./trace-tasks.ts";
import { recordTbtEstimates, reportedRunTbt } from "./lantern-tbt.ts";

const RUNS = Number(process.env.TBT_PARTS_RUNS ?? 3);
const HTML_ALONE = Boolean(process.env.TBT_PARTS_HTML_ALONE);
const PAGES = (process.env.TBT_PARTS_PAGES ?? "services:es,service page:pt").split(",").map((entry) => {
  const [name = "", lang = "es"] = entry.split(":").map((part) => part.trim());
  return { name, lang };
});

/** The parts of a Lantern CPU node that `kind` reads. */
interface CpuNode {
  type: "cpu";
  childEvents: { name: string }[];
  didPerformLayout(): boolean;
}
interface NodeTiming {
  startTime: number;
  endTime: number;
}

/** What a main-thread task of the load is, by the trace events inside it. */
export function kind(node: CpuNode): string {
  const names = new Set(node.childEvents.map((event) => event.name));
  if (names.has("LocalWindowProxy::Initialize")) return "commit";
  if ([...SCRIPT].some((name) => names.has(name))) return node.didPerformLayout() ? "script that laid out" : "script";
  if (node.didPerformLayout()) return "style and layout";
  if (names.has("ParseHTML")) return "parse";
  if (names.has("DocumentLoader::CommitNavigation")) return "another document's commit";
  return "other";
}

/**
 * Each kind's part of the blocked time in Lighthouse's way (tbt-utils): a task over 50 ms,
 * clipped to the window from the first contentful paint to interactive, less 50 ms; the
 * optimistic and pessimistic estimates weigh half each, and each pairs the other's FCP estimate
 * with its own interactive estimate, as Lantern's TotalBlockingTime does. Interactive is taken
 * as the end of the last task over 50 ms, so the parts add up to about Lighthouse's TBT, which
 * the tool prints beside them.
 */
export function blockingByKind(
  simulations: { timings: Map<{ type: string }, NodeTiming>; fcp: number }[],
): Map<string, number> {
  const parts = new Map<string, number>();
  for (const { timings, fcp } of simulations) {
    const cpu = [...timings].filter(([node]) => node.type === "cpu") as [CpuNode, NodeTiming][];
    const long = cpu.filter(([, t]) => t.endTime - t.startTime >= 50);
    const interactive = Math.max(fcp, ...long.map(([, t]) => t.endTime));
    for (const [node, t] of long) {
      const clipped = Math.min(t.endTime, interactive) - Math.max(t.startTime, fcp);
      if (clipped <= 50) continue;
      const label = kind(node);
      parts.set(label, (parts.get(label) ?? 0) + (clipped - 50) / simulations.length);
    }
  }
  return parts;
}

/** A Lantern CPU node as `longestLayout` reads it: its id and its times in the trace (µs). */
interface TracedCpuNode extends CpuNode {
  id: string;
  startTime: number;
  endTime: number;
}

/**
 * Where Lantern put the load's longest task that laid out: inside its paint estimate, or after
 * it, where all of it is simulated after the first contentful paint and counts toward the TBT.
 * The estimate keeps only the first layout, first parse and first paint tasks, so the page's
 * layout is in it when it ran in the first frame's task, and not when the load event forced it
 * in a task before that frame (the first layout is then the empty document's, before the HTML
 * came): a race between the frame and the end of parsing, not a change in the page.
 */
export function longestLayout(
  nodes: Iterable<{ type: string }>,
  paintEstimate: Iterable<{ type: string }>,
): { ms: number; kind: string; inPaintEstimate: boolean } | undefined {
  const kept = new Set([...paintEstimate].map((node) => (node as TracedCpuNode).id));
  const layouts = ([...nodes].filter((node) => node.type === "cpu") as TracedCpuNode[]).filter((node) =>
    node.didPerformLayout(),
  );
  if (!layouts.length) return undefined;
  const longest = layouts.reduce((a, b) => (b.endTime - b.startTime > a.endTime - a.startTime ? b : a));
  return {
    ms: Math.round((longest.endTime - longest.startTime) / 100) / 10,
    kind: kind(longest),
    inPaintEstimate: kept.has(longest.id),
  };
}

async function main() {
  const server = await startBenchServer();
  const chrome = await launchChrome();
  try {
    const pages = await benchPages(server);
    const { index } = await warmUpIndex(server.url + pages[0]!.path("es"), chrome.port, 3);
    const slowdown = lowTierSlowdown(index, process.env.TBT_PARTS_SLOWDOWN);
    console.log(`benchmarkIndex ${index}: low tier ${slowdown}x${HTML_ALONE ? ", the HTML alone" : ""}\n`);
    const simulator = (
      Lantern as unknown as {
        Simulation: { Simulator: { allNodeTimings: Map<string, Map<{ type: string }, NodeTiming>> } };
      }
    ).Simulation.Simulator;
    const takeTbtEstimates = recordTbtEstimates();
    for (const { name, lang } of PAGES) {
      const page = pages.find((p) => p.name === name);
      if (!page) throw new Error(`No page named "${name}": ${pages.map((p) => p.name).join(", ")}`);
      for (let run = 0; run < RUNS; run++) {
        simulator.allNodeTimings.clear();
        takeTbtEstimates();
        const result = await audit(
          server.url + page.path(lang),
          { port: chrome.port },
          mobileConfig(slowdown, HTML_ALONE),
        );
        // Lantern labels each simulation by its metric; a Lighthouse that names them otherwise
        // (or keeps none) cannot be read this way.
        const simulation = (label: string) => {
          const timings = simulator.allNodeTimings.get(label);
          if (!timings)
            throw new Error(
              `Lighthouse kept no simulation named ${label}: ${[...simulator.allNodeTimings.keys()].join(", ")}`,
            );
          return timings;
        };
        const end = (label: string) => Math.max(...[...simulation(label).values()].map((t) => t.endTime));
        const parts = blockingByKind([
          { timings: simulation("optimisticInteractive"), fcp: end("pessimisticFirstContentfulPaint") },
          { timings: simulation("pessimisticInteractive"), fcp: end("optimisticFirstContentfulPaint") },
        ]);
        const tbt = Math.round(result.lhr.audits["total-blocking-time"]?.numericValue ?? 0);
        const fromPaint = Math.round(reportedRunTbt(result.lhr, takeTbtEstimates()).afterTracedPaint);
        const listed = [...parts].sort((a, b) => b[1] - a[1]).map(([label, ms]) => `${label} ${Math.round(ms)}`);
        const layout = longestLayout(
          simulation("optimisticInteractive").keys(),
          simulation("optimisticFirstContentfulPaint").keys(),
        );
        const placed = layout
          ? `; longest layout task ${layout.ms} ms unthrottled (${layout.kind}), ${layout.inPaintEstimate ? "in" : "after"} the paint estimate`
          : "";
        console.log(
          `${name} /${lang}, run ${run + 1}: TBT ${tbt} ms (${fromPaint} from the traced paint); ${listed.join(", ") || "nothing blocked"}${placed}`,
        );
      }
    }
  } finally {
    chrome.kill();
    await server.close();
  }
}

if (process.argv[1]?.endsWith("tbt-parts.ts")) await main();
