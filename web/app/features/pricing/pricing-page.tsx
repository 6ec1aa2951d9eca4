import { PageHead } from "../../seo/page-head.tsx";
import { Section } from "../../ui/section.tsx";
import { PageIntro } from "../../ui/page-intro.tsx";
import { QuestionList, type Question } from "../../ui/question-list.tsx";
import { useCopy } from "../../ui/use-copy.ts";
import { CompetitorComparison } from "../../ui/competitor-comparison.tsx";
import { PricingPlans } from "../../ui/pricing-plans.tsx";

/**
 * `/{lang}/precios`: the same plan cards and competitor comparison as the landing page
 * (one component each, prices from `plans.ts`), with the billing questions.
 */
export default function PricingPage() {
  const copy = useCopy("pricing");
  return (
    <>
      <PageHead page="/precios" title={copy.text("meta.title")} description={copy.text("meta.description")} />
      <PageIntro heading={copy.text("h1")} intro={copy.text("intro")} />
      <div className="mx-auto max-w-6xl px-4 pt-4 pb-16 sm:px-6">
        {/* Right under the h1: the plan names are the h2s here (h3 in the landing's pricing section). */}
        <PricingPlans headingLevel={2} />
        <p className="mt-2 text-center text-sm text-slate-600">{copy.text("pricesNote")}</p>
      </div>
      <Section id="comparativa" {...copy.headed("comparison", { intro: true })} className="bg-slate-50">
        <CompetitorComparison />
        <p className="mt-4 text-sm text-slate-600">{copy.text("comparison.note")}</p>
      </Section>
      <Section id="facturacion" {...copy.headed("faq")}>
        <div className="mx-auto max-w-3xl">
          <QuestionList questions={copy.list<Question>("faq.items")} />
        </div>
      </Section>
    </>
  );
}
