import { describe, expect, it } from "vitest";
import { median, passes, slowdown, type Measure } from "./budget.ts";

// `npm run bench` exits non-zero when any measure fails `passes`, and Lighthouse's
// figures are the median of the runs: these two rules decide the verdict.
const measure = (value: number, budget?: Measure["budget"]): Measure => ({ name: "m", value, unit: "ms", budget });

describe("passes", () => {
  it("takes a 'max' budget as inclusive: at the limit passes, above it misses", () => {
    expect(passes(measure(100, { limit: 100, kind: "max" }))).toBe(true);
    expect(passes(measure(100.5, { limit: 100, kind: "max" }))).toBe(false);
  });

  it("takes a 'min' budget as inclusive: at the limit passes, below it misses", () => {
    expect(passes(measure(98, { limit: 98, kind: "min" }))).toBe(true);
    expect(passes(measure(97, { limit: 98, kind: "min" }))).toBe(false);
  });

  it("passes a figure without a budget (reported only)", () => {
    expect(passes(measure(1e9))).toBe(true);
  });
});

describe("median", () => {
  it("takes the middle of an odd count whatever the order", () => {
    expect(median([327, 17, 100])).toBe(100);
  });

  it("averages the two middle values of an even count", () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it("leaves its input unsorted", () => {
    const runs = [3, 1, 2];
    median(runs);
    expect(runs).toEqual([3, 1, 2]);
  });
});

describe("slowdown", () => {
  it("divides the loaded latency by the quiet one, measured in the same run", () => {
    expect(slowdown(9, 3)).toBe(3);
    expect(slowdown(10, 3)).toBe(3.33);
  });

  it("counts a latency under the load generator's resolution as that resolution, never dividing by zero", () => {
    expect(slowdown(3, 0)).toBe(3);
    expect(slowdown(0, 0)).toBe(1);
    expect(slowdown(2, 0.4, 1)).toBe(2);
  });
});
