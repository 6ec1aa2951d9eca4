import { describe, expect, it } from "vitest";
import { VITAL_EDGES, bucketOf, summarize, type Vital } from "./vitals.ts";

/** A histogram of these samples, as the counters hold them. */
function histogram(vital: Vital, samples: number[]): number[] {
  const counts = Array.from({ length: VITAL_EDGES[vital].length + 1 }, () => 0);
  for (const value of samples) counts[bucketOf(vital, value)]! += 1;
  return counts;
}

describe("Web Vitals from bucketed counters", () => {
  it("puts Google's thresholds on bucket edges, so the shares are exact", () => {
    const lcp = summarize("lcp", histogram("lcp", [1200, 2499, 2500, 3999, 4000, 9000]));
    expect(lcp).toMatchObject({ samples: 6, good: 2 / 6, needsImprovement: 2 / 6, poor: 2 / 6 });
    const cls = summarize("cls", histogram("cls", [0, 0.05, 0.1, 0.3]));
    expect(cls).toMatchObject({ good: 0.5, needsImprovement: 0.25, poor: 0.25 });
    const inp = summarize("inp", histogram("inp", [40, 199, 200, 480, 500, 1500, 3000]));
    expect([inp.good, inp.needsImprovement, inp.poor]).toEqual([2 / 7, 2 / 7, 3 / 7]);
  });

  it("reads the 75th percentile within its bucket's width", () => {
    const samples = Array.from({ length: 400 }, (_, i) => 1000 + i * 5); // 1000 … 2995 ms
    const exact = samples[Math.ceil(0.75 * samples.length) - 1]!;
    const p75 = summarize("lcp", histogram("lcp", samples)).p75!;
    expect(Math.abs(p75 - exact)).toBeLessThanOrEqual(250);
    const cls = summarize(
      "cls",
      histogram(
        "cls",
        Array.from({ length: 100 }, (_, i) => i / 1000),
      ),
    ).p75!;
    expect(Math.abs(cls - 0.075)).toBeLessThanOrEqual(0.01);
  });

  it("says nothing without samples", () => {
    expect(summarize("inp", histogram("inp", []))).toEqual({ samples: 0, good: 0, needsImprovement: 0, poor: 0 });
  });
});
