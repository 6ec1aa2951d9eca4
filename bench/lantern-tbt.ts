/**
 * Lighthouse's simulated TBT, recomputed from its own simulation with the first contentful paint
 * placed where the trace had it: after every main-thread task that ended before the page's
 * first contentful paint and waited only for render-blocking requests
 * (docs/decisions/0197-tbt-from-the-traced-paint.md).
 *
 * Lantern estimates the paint from a graph of the render-blocking requests and the first parse,
 * layout and paint tasks only, and the blocking time from a simulation of every task; a task the
 * trace ran before the paint (the navigation's commit, which no paint can precede) can then land
 * after the paint estimate and count as blocking. Lighthouse's maintainers track this as
 * "Lantern EIL+TBT should use internally consistent FCP/TTI estimates" (GoogleChrome/lighthouse
 * issue 11677). Everything else is Lantern's own: its simulations, its estimates of paint and
 * interactive, its rule for a blocking task (TBTUtils), its halves of optimistic and pessimistic.
 */
import type { RunnerResult } from "lighthouse";
import * as Lantern from "lighthouse/core/lib/lantern/lantern.js";

/**
 * The parts of a Lantern graph node this module reads: its kind; for a task, its end in the trace
 * (µs) and the nodes it waited for; for a request, whether Lantern treats it as render-blocking.
 */
export interface SimulatedNode {
  type: string;
  endTime: number;
  getDependencies(): SimulatedNode[];
  hasRenderBlockingPriority?(): boolean;
}
/** A node's simulated times (ms from the navigation). */
export interface SimulatedTiming {
  startTime: number;
  endTime: number;
  duration: number;
}
export type Simulation = Map<SimulatedNode, SimulatedTiming>;

interface BlockingEvent {
  start: number;
  end: number;
  duration: number;
}
/** What Lantern's TotalBlockingTime passes to its estimate: the simulation and the paint and interactive estimates. */
interface TbtExtras {
  optimistic: boolean;
  fcpResult: { optimisticEstimate: { timeInMs: number }; pessimisticEstimate: { timeInMs: number } };
  interactiveResult: { optimisticEstimate: { timeInMs: number }; pessimisticEstimate: { timeInMs: number } };
}
interface LanternMetrics {
  TotalBlockingTime: {
    getTopLevelEvents(timings: Simulation, minDurationMs: number): BlockingEvent[];
    getEstimateFromSimulation(simulation: { nodeTimings: Simulation }, extras: TbtExtras): { timeInMs: number };
  };
  TBTUtils: {
    BLOCKING_TIME_THRESHOLD: number;
    calculateSumOfBlockingTime(events: BlockingEvent[], start: number, end: number): number;
  };
}
const { Metrics } = Lantern as unknown as { Metrics: LanternMetrics };

/** One of the two TBT estimates of a run, as Lantern made it: its simulation and the window it counted. */
export interface TbtEstimate {
  timings: Simulation;
  /** The paint estimate it counted from (ms). */
  paint: number;
  /** The interactive estimate it counted to (ms). */
  interactive: number;
}

let recorded: TbtEstimate[] | undefined;

/**
 * Starts keeping the simulation and window of every TBT estimate Lantern makes in this process
 * (it wraps Lantern's own `getEstimateFromSimulation`, which stays the one that computes), and
 * returns a function that hands over and forgets those kept since the last call.
 */
export function recordTbtEstimates(): () => TbtEstimate[] {
  if (!recorded) {
    recorded = [];
    const estimate = Metrics.TotalBlockingTime.getEstimateFromSimulation;
    Metrics.TotalBlockingTime.getEstimateFromSimulation = function (simulation, extras) {
      // The window as Lantern pairs it: the opposite paint estimate, the same interactive one.
      recorded!.push({
        timings: simulation.nodeTimings,
        paint: extras.optimistic
          ? extras.fcpResult.pessimisticEstimate.timeInMs
          : extras.fcpResult.optimisticEstimate.timeInMs,
        interactive: extras.optimistic
          ? extras.interactiveResult.optimisticEstimate.timeInMs
          : extras.interactiveResult.pessimisticEstimate.timeInMs,
      });
      return estimate.call(this, simulation, extras);
    };
  }
  return () => recorded!.splice(0);
}

/**
 * Lighthouse's TBT of a run (`lighthouse`, which should equal the report's figure) and the same
 * with the paint placed after the tasks that preceded it in the trace (`afterTracedPaint`), from
 * the run's two estimates (optimistic and pessimistic, half each, as Lantern weighs them).
 * `tracedPaint` is the run's observed first contentful paint in trace time (µs,
 * `observedFirstContentfulPaintTs` of the metrics audit).
 */
export function lanternTbt(
  estimates: readonly TbtEstimate[],
  tracedPaint: number,
): { lighthouse: number; afterTracedPaint: number } {
  if (estimates.length !== 2)
    throw new Error(`A run has two TBT estimates (optimistic and pessimistic), not ${estimates.length}.`);
  let lighthouse = 0;
  let afterTracedPaint = 0;
  for (const { timings, paint, interactive } of estimates) {
    const events = Metrics.TotalBlockingTime.getTopLevelEvents(timings, Metrics.TBTUtils.BLOCKING_TIME_THRESHOLD);
    lighthouse += Metrics.TBTUtils.calculateSumOfBlockingTime(events, paint, interactive) / 2;
    afterTracedPaint +=
      Metrics.TBTUtils.calculateSumOfBlockingTime(
        events,
        paintAfterTracedTasks(timings, tracedPaint, paint),
        interactive,
      ) / 2;
  }
  return { lighthouse, afterTracedPaint };
}

/**
 * The paint in a simulation of every task: no earlier than Lantern's estimate, and no earlier
 * than the simulated end of any main-thread task that the trace ran before its paint and that
 * waited for nothing but requests Lantern itself treats as render-blocking (the page, its
 * stylesheets, its blocking scripts): the paint waits for those requests too, so no network can
 * put such a task after it. A task that ran before the paint only because a script of the page
 * came fast from a local server (an async script, say) may come after it on a phone's network,
 * and keeps counting as Lantern placed it.
 */
export function paintAfterTracedTasks(timings: Simulation, tracedPaint: number, estimate: number): number {
  let paint = estimate;
  for (const [node, timing] of timings) {
    if (node.type !== "cpu" || node.endTime > tracedPaint) continue;
    const waitsOnlyForBlocking = node
      .getDependencies()
      .every((dependency) => dependency.type !== "network" || dependency.hasRenderBlockingPriority?.() === true);
    if (waitsOnlyForBlocking) paint = Math.max(paint, timing.endTime);
  }
  return paint;
}

/**
 * The run's TBT from the estimates kept during it: Lantern may estimate TBT more than once in a
 * run (a metric asked for again), so the pair used is the one that gives the report's own
 * figure; none does, and the run's figures are not read (an error, not a guess).
 */
export function runTbt(
  estimates: readonly TbtEstimate[],
  tracedPaint: number,
  reported: number,
): { lighthouse: number; afterTracedPaint: number } {
  for (let first = 0; first + 1 < estimates.length; first += 2) {
    const tbt = lanternTbt(estimates.slice(first, first + 2), tracedPaint);
    if (Math.abs(tbt.lighthouse - reported) < 0.5) return tbt;
  }
  throw new Error(
    `None of the run's ${estimates.length} TBT estimates gives the report's ${reported} ms: Lantern's TBT has changed, read bench/lantern-tbt.ts again.`,
  );
}

/** A Lighthouse run's TBT as reported and from the traced paint, from the estimates kept during the run. */
export function reportedRunTbt(
  lhr: RunnerResult["lhr"],
  estimates: readonly TbtEstimate[],
): { lighthouse: number; afterTracedPaint: number } {
  const reported = lhr.audits["total-blocking-time"]?.numericValue ?? 0;
  const tracedPaint = (
    lhr.audits.metrics?.details as { items?: { observedFirstContentfulPaintTs?: number }[] } | undefined
  )?.items?.[0]?.observedFirstContentfulPaintTs;
  if (tracedPaint === undefined)
    throw new Error(`Lighthouse's run of ${lhr.finalDisplayedUrl} has no traced first contentful paint.`);
  return runTbt(estimates, tracedPaint, reported);
}
