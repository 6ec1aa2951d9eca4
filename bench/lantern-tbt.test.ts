import { describe, expect, it } from "vitest";
import {
  lanternTbt,
  paintAfterTracedTasks,
  runTbt,
  type SimulatedNode,
  type Simulation,
  type TbtEstimate,
} from "./lantern-tbt.ts";

const request = (renderBlocking: boolean): SimulatedNode => ({
  type: "network",
  endTime: 0,
  getDependencies: () => [],
  hasRenderBlockingPriority: () => renderBlocking,
});
/** A main-thread task that ended at `tracedEnd` µs in the trace and waited for `waitsFor`. */
const task = (tracedEnd: number, ...waitsFor: SimulatedNode[]): SimulatedNode => ({
  type: "cpu",
  endTime: tracedEnd,
  getDependencies: () => waitsFor,
});
const at = (startTime: number, endTime: number) => ({ startTime, endTime, duration: endTime - startTime });

// One load as Lantern simulates it (ms); the trace painted at 2,500 µs.
const page = request(true);
const asyncScript = request(false);
const commit = task(1000, page); // ran before the paint in the trace; simulated after the estimate
const firstLayout = task(2000, page);
const lateScript = task(3000, asyncScript); // after the paint in the trace
const timings: Simulation = new Map([
  [page, at(0, 600)],
  [commit, at(600, 800)],
  [firstLayout, at(800, 900)],
  [lateScript, at(1000, 1200)],
]);
const estimate: TbtEstimate = { timings, paint: 700, interactive: 1500 };
const TRACED_PAINT = 2500;

describe("Lighthouse's TBT against the traced paint", () => {
  it("counts as Lighthouse does, and no task the trace ran before its paint after it", () => {
    // Lighthouse: the commit's 100 ms after the estimate (50 blocking), the layout's 100 (50), the
    // script's 200 (150). Against the traced paint: the script's 150 alone.
    expect(lanternTbt([estimate, estimate], TRACED_PAINT)).toEqual({ lighthouse: 250, afterTracedPaint: 150 });
  });

  it("keeps counting a task before the traced paint that waited for a request that does not block rendering", () => {
    const earlyAsync = task(1500, asyncScript); // came early from a local server; a phone's network may delay it
    const withEarlyAsync: Simulation = new Map([...timings, [earlyAsync, at(900, 1000)]]);
    expect(paintAfterTracedTasks(withEarlyAsync, TRACED_PAINT, 700)).toBe(900);
    const tbt = lanternTbt(
      [
        { ...estimate, timings: withEarlyAsync },
        { ...estimate, timings: withEarlyAsync },
      ],
      TRACED_PAINT,
    );
    expect(tbt.afterTracedPaint).toBe(200); // the early async task's 50 and the late script's 150
  });

  it("never moves the paint before Lantern's own estimate", () => {
    expect(paintAfterTracedTasks(timings, 0, 700)).toBe(700);
  });

  it("reads the run's pair of estimates that gives the report's figure, and refuses when none does", () => {
    const other: TbtEstimate = { timings, paint: 1000, interactive: 1500 }; // another estimate in the same run
    expect(runTbt([other, other, estimate, estimate], TRACED_PAINT, 250)).toEqual({
      lighthouse: 250,
      afterTracedPaint: 150,
    });
    expect(() => runTbt([other, other], TRACED_PAINT, 250)).toThrow(/None of the run's 2 TBT estimates/);
    expect(() => lanternTbt([estimate], TRACED_PAINT)).toThrow(/two TBT estimates/);
  });
});
