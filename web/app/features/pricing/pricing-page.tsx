import { SimplePage } from "../../layout/simple-page.tsx";
import { CompetitorComparison } from "./competitor-comparison.tsx";
import { PricingPlans } from "./pricing-plans.tsx";

export default function PricingPage() {
  return (
    <SimplePage page="/precios" metaKey="pricing" wide>
      <div className="mt-12 space-y-12">
        <PricingPlans headingLevel={2} />
        <CompetitorComparison />
      </div>
    </SimplePage>
  );
}
