import type { Language } from "@codcrm/core/site/languages";

export type PlanId = "basic" | "standard" | "premium" | "enterprise";

export interface Plan {
  id: PlanId;
  /** EUR per month; null: price on request. */
  monthlyPrice: number | null;
  /** Shipments per month included; null: unlimited. */
  shipmentLimit: number | null;
  popular: boolean;
  /** Feature keys under `landing.pricing.features`. */
  features: readonly string[];
  /** "start" ('Empezar ahora', trial request) or "contact" ('Contactar'). */
  cta: "start" | "contact";
}

const FEATURES: Record<PlanId, readonly string[]> = {
  basic: ["emailSupport", "dashboard", "updates15"],
  standard: ["prioritySupport", "advancedStats", "webhooks"],
  premium: ["advancedIntegrations", "earlyAccess", "directSupport"],
  enterprise: ["unlimited", "sla", "onboarding", "customIntegrations", "support247"],
};

function plans(prices: Record<Exclude<PlanId, "enterprise">, [price: number, limit: number]>): readonly Plan[] {
  const priced = (id: Exclude<PlanId, "enterprise">, popular = false): Plan => ({
    id,
    monthlyPrice: prices[id][0],
    shipmentLimit: prices[id][1],
    popular,
    features: FEATURES[id],
    cta: "start",
  });
  return [
    priced("basic"),
    priced("standard", true),
    priced("premium"),
    {
      id: "enterprise",
      monthlyPrice: null,
      shipmentLimit: null,
      popular: false,
      features: FEATURES.enterprise,
      cta: "contact",
    },
  ];
}

/** The Spanish list (docs/decisions/0003-two-price-lists.md). */
const READING_A = plans({ basic: [199, 10_000], standard: [299, 50_000], premium: [399, 100_000] });
/** The English list, also EUR per month (docs/decisions/0003-two-price-lists.md). */
const READING_B = plans({ basic: [50, 1_000], standard: [399, 10_000], premium: [499, 50_000] });

/** The plans each language shows. The landing page and /precios both read them from here. */
export const PLANS: Record<Language, readonly Plan[]> = { es: READING_A, en: READING_B, pt: READING_A };

export const FREE_TRIAL_DAYS = 14;

/** Competitor comparison (docs/decisions/0003-two-price-lists.md): an average of 0.13 EUR per shipment. */
export const COMPETITOR_EUR_PER_SHIPMENT = 0.13;
export const COMPARISON_VOLUMES = [10_000, 50_000, 100_000] as const;

export interface ComparisonRow {
  shipments: number;
  /** What the competitor charges per month for that volume. */
  competitorMonthly: number;
  /** The cheapest plan that covers the volume. */
  plan: Plan;
  /** Monthly saving; null when the plan is priced on request. */
  saving: number | null;
}

export function competitorMonthly(shipments: number): number {
  // Whole cents, so 0.13 × 10,000 is exactly 1,300.
  return Math.round(shipments * COMPETITOR_EUR_PER_SHIPMENT * 100) / 100;
}

export function comparison(plansOfLanguage: readonly Plan[]): ComparisonRow[] {
  return COMPARISON_VOLUMES.map((shipments) => {
    const plan = plansOfLanguage.find((p) => p.shipmentLimit === null || p.shipmentLimit >= shipments);
    if (!plan) throw new Error(`No plan covers ${shipments} shipments`);
    const competitor = competitorMonthly(shipments);
    return {
      shipments,
      competitorMonthly: competitor,
      plan,
      saving: plan.monthlyPrice === null ? null : competitor - plan.monthlyPrice,
    };
  });
}
