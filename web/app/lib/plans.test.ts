import { describe, expect, it } from "vitest";
import { PLANS, comparison, competitorMonthly } from "./plans.ts";

describe("pricing data", () => {
  it("shows Reading A in es and pt and Reading B in en", () => {
    const prices = (language: "es" | "en" | "pt") =>
      PLANS[language].map((p) => [p.id, p.monthlyPrice, p.shipmentLimit]);
    expect(prices("es")).toEqual([
      ["basic", 199, 10_000],
      ["standard", 299, 50_000],
      ["premium", 399, 100_000],
      ["enterprise", null, null],
    ]);
    expect(prices("pt")).toEqual(prices("es"));
    expect(prices("en")).toEqual([
      ["basic", 50, 1_000],
      ["standard", 399, 10_000],
      ["premium", 499, 50_000],
      ["enterprise", null, null],
    ]);
    for (const language of ["es", "en", "pt"] as const) {
      expect(PLANS[language].filter((p) => p.popular).map((p) => p.id)).toEqual(["standard"]);
      expect(PLANS[language].map((p) => p.cta)).toEqual(["start", "start", "start", "contact"]);
    }
  });

  it("compares 0.13 EUR per shipment with the plan that covers each volume", () => {
    expect([10_000, 50_000, 100_000].map(competitorMonthly)).toEqual([1_300, 6_500, 13_000]);
    expect(comparison(PLANS.es).map((r) => [r.shipments, r.plan.id, r.saving])).toEqual([
      [10_000, "basic", 1_101],
      [50_000, "standard", 6_201],
      [100_000, "premium", 12_601],
    ]);
    expect(comparison(PLANS.en).map((r) => [r.plan.id, r.saving])).toEqual([
      ["standard", 901],
      ["premium", 6_001],
      ["enterprise", null],
    ]);
  });
});
