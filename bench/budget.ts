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
