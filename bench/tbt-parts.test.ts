import { describe, expect, it } from "vitest";
import { blockingByKind, kind, longestLayout } from "./tbt-parts.ts";

const cpu = (events: string[], layout = false) => ({
  type: "cpu" as const,
  childEvents: events.map((name) => ({ name })),
  didPerformLayout: () => layout,
});

describe("the parts of a simulated TBT", () => {
  it("names a task by what ran in it", () => {
    expect(kind(cpu(["DocumentLoader::CommitNavigation", "LocalWindowProxy::Initialize"]))).toBe("commit");
    expect(kind(cpu(["UpdateLayoutTree", "Layout", "Paint"], true))).toBe("style and layout");
    expect(kind(cpu(["ParseHTML", "EvaluateScript"], true))).toBe("script that laid out");
    expect(kind(cpu(["ParseHTML"]))).toBe("parse");
  });

  it("counts a long task's part after the first contentful paint, less 50 ms, half from each estimate", () => {
    const commit = cpu(["LocalWindowProxy::Initialize"]);
    const layout = cpu(["Layout"], true);
    const short = cpu(["FunctionCall"]);
    const network = { type: "network" };
    const timings = new Map<{ type: string }, { startTime: number; endTime: number }>([
      [network, { startTime: 0, endTime: 600 }],
      [commit, { startTime: 600, endTime: 780 }], // 180 ms, 100 of it after the paint at 680
      [layout, { startTime: 780, endTime: 980 }], // 200 ms, all after it
      [short, { startTime: 980, endTime: 1020 }], // under 50 ms: never blocks
    ]);
    const parts = blockingByKind([
      { timings, fcp: 680 },
      { timings, fcp: 1000 }, // a later paint: nothing after it blocks
    ]);
    expect(Object.fromEntries(parts)).toEqual({ commit: 25, "style and layout": 75 });
  });

  it("tells whether the load's longest layout task was in the paint estimate", () => {
    const node = (id: string, events: string[], layout: boolean, ms: number) => ({
      ...cpu(events, layout),
      id,
      startTime: 1_000_000,
      endTime: 1_000_000 + ms * 1000,
    });
    const emptyDocument = node("1", ["UpdateLayoutTree", "Layout"], true, 0.4);
    const parse = node("2", ["ParseHTML"], false, 9);
    const loadForced = node("3", ["ParseHTML", "EvaluateScript", "Layout"], true, 47.5);
    const frame = node("4", ["UpdateLayoutTree", "Layout", "Paint"], true, 6);
    const all = [emptyDocument, parse, loadForced, frame, { type: "network" }];
    // The load event forced the page's layout before the first frame: Lantern kept the empty document's.
    expect(longestLayout(all, [emptyDocument, parse, frame])).toEqual({
      ms: 47.5,
      kind: "script that laid out",
      inPaintEstimate: false,
    });
    expect(longestLayout(all, [emptyDocument, parse, loadForced, frame])?.inPaintEstimate).toBe(true);
    expect(longestLayout([parse], [parse])).toBeUndefined();
  });
});
