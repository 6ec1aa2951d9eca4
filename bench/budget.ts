/** One measured figure, with the budget it must meet when it has one. */
export interface Measure {
  name: string;
  value: number;
  unit: string;
  /** "max": value must be ≤ limit; "min": value must be ≥ limit. */
  budget?: { limit: number; kind: "max" | "min" };
  note?: string;
}

export interface Section {
  title: string;
  measures: Measure[];
  /** Extra lines for the report (tables of largest modules, etc.). */
  details?: string[];
}

export function passes(measure: Measure): boolean {
  if (!measure.budget) return true;
  return measure.budget.kind === "max" ? measure.value <= measure.budget.limit : measure.value >= measure.budget.limit;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * How many times slower a latency got under load than without it, both measured in the same
 * run: a busy host slows both, so the ratio, unlike either figure, is the site's own. Latencies
 * below `floorMs` (the load generator's resolution) count as `floorMs`.
 */
export function slowdown(loaded: number, quiet: number, floorMs = 1): number {
  return Number((Math.max(loaded, floorMs) / Math.max(quiet, floorMs)).toFixed(2));
}
