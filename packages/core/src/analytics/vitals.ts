// Zod Mini: the vitals function parses with it alone.
import * as z from "zod/mini";
import { sourcePath } from "../lead/lead-source.ts";

/**
 * Real visitors' Core Web Vitals (docs/decisions/0402-real-visitors-web-vitals.md): each page view
 * sends its LCP, INP and CLS once, as the `web-vitals` library measured them; the store keeps,
 * per day, template and device class, how many samples fell in each bucket of a fixed histogram,
 * so a range's 75th percentile and its good / needs improvement / poor shares are read from
 * bounded counters, never from samples.
 */
export const VITALS = ["lcp", "inp", "cls"] as const;
export type Vital = (typeof VITALS)[number];

/**
 * Each metric's bucket edges, from 0: bucket `i` holds values in [edges[i-1], edges[i]) (bucket
 * 0 from 0), the last one everything at or over its lower edge. The thresholds Google names
 * (LCP 2.5 s / 4 s, INP 200 / 500 ms, CLS 0.1 / 0.25) are edges, so the shares are exact;
 * a percentile is exact to its bucket's width (250 ms of LCP under 2.5 s, 25 ms of INP under
 * 200 ms, 0.025 of CLS under 0.1: finer than the figures' own noise from one visit to the next)
 * and interpolated within it. Few buckets keep a day's items small: the dashboard reads every
 * one of them (docs/decisions/0402-real-visitors-web-vitals.md).
 */
function steps(from: number, to: number, step: number): number[] {
  const edges: number[] = [];
  for (let value = from + step; value <= to + step / 1000; value += step) edges.push(Math.round(value * 1000) / 1000);
  return edges;
}
export const VITAL_EDGES: Record<Vital, readonly number[]> = {
  lcp: [...steps(0, 2500, 250), ...steps(2500, 4000, 500), ...steps(4000, 10_000, 2000)],
  inp: [...steps(0, 200, 25), ...steps(200, 500, 100), ...steps(500, 1000, 250), 2000],
  cls: [...steps(0, 0.1, 0.025), ...steps(0.1, 0.25, 0.05), ...steps(0.25, 1, 0.25)],
};
/** What is good, and what is poor from: Google's thresholds. */
export const VITAL_THRESHOLDS: Record<Vital, readonly [good: number, poor: number]> = {
  lcp: [2500, 4000],
  inp: [200, 500],
  cls: [0.1, 0.25],
};

/** The bucket a value falls in: 0 … edges.length (the last holds everything past the last edge). */
export function bucketOf(vital: Vital, value: number): number {
  const edges = VITAL_EDGES[vital];
  let index = 0;
  while (index < edges.length && value >= edges[index]!) index++;
  return index;
}

/** The largest values a browser may honestly report: anything beyond is not counted. */
const VITAL_MAX: Record<Vital, number> = { lcp: 120_000, inp: 60_000, cls: 100 };

const vitalValue = (vital: Vital) =>
  z.optional(z.catch(z.optional(z.number().check(z.minimum(0), z.maximum(VITAL_MAX[vital]))), undefined));

/** The body of `POST /api/vitals`: the page's path and what was measured (INP only after an interaction). */
export const vitalsSchema = z.object({
  p: sourcePath,
  lcp: vitalValue("lcp"),
  inp: vitalValue("inp"),
  cls: vitalValue("cls"),
});
export type VitalsBody = z.output<typeof vitalsSchema>;

/** A histogram: samples per bucket. */
export type Histogram = number[];

export interface VitalSummary {
  samples: number;
  /** The 75th percentile, interpolated within its bucket; undefined without samples. */
  p75?: number;
  /** Shares of the samples, 0 to 1. */
  good: number;
  needsImprovement: number;
  poor: number;
}

/** The 75th percentile and the three shares of a histogram. */
export function summarize(vital: Vital, histogram: Histogram): VitalSummary {
  const samples = histogram.reduce((sum, count) => sum + (count || 0), 0);
  if (samples === 0) return { samples, good: 0, needsImprovement: 0, poor: 0 };
  const edges = VITAL_EDGES[vital];
  const [goodEdge, poorEdge] = VITAL_THRESHOLDS[vital];
  let good = 0;
  let poor = 0;
  histogram.forEach((count, index) => {
    const lower = index === 0 ? 0 : edges[index - 1]!;
    if (lower < goodEdge) good += count || 0;
    else if (lower >= poorEdge) poor += count || 0;
  });
  return {
    samples,
    p75: percentile(vital, histogram, samples, 0.75),
    good: good / samples,
    needsImprovement: (samples - good - poor) / samples,
    poor: poor / samples,
  };
}

function percentile(vital: Vital, histogram: Histogram, samples: number, share: number): number {
  const edges = VITAL_EDGES[vital];
  const rank = share * samples;
  let below = 0;
  for (let index = 0; index < histogram.length; index++) {
    const count = histogram[index] || 0;
    if (count > 0 && below + count >= rank) {
      const lower = index === 0 ? 0 : edges[index - 1]!;
      // The last bucket has no upper edge: its lower one is what can be said.
      if (index >= edges.length) return lower;
      const upper = edges[index]!;
      return round(vital, lower + ((rank - below) / count) * (upper - lower));
    }
    below += count;
  }
  return edges.at(-1)!;
}

function round(vital: Vital, value: number): number {
  return vital === "cls" ? Math.round(value * 1000) / 1000 : Math.round(value);
}
