import { describe, expect, it } from "vitest";
import { median, passes, type Measure } from "./budget.ts";

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
