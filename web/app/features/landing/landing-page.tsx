import { Suspense } from "react";
import { PageHead } from "../../seo/page-head.tsx";
import { CallToAction } from "../../ui/call-to-action.tsx";
import { CompetitorComparison } from "../../ui/competitor-comparison.tsx";
import { PricingPlans } from "../../ui/pricing-plans.tsx";
import { CarrierStrip } from "./carrier-strip.tsx";
import { DemoVideo } from "./demo-video.tsx";
import { FeatureGrid } from "./feature-grid.tsx";
import { Hero } from "./hero.tsx";
import { LatestArticles } from "./latest-articles.tsx";
import { Section } from "../../ui/section.tsx";
import { Testimonials } from "./testimonials.tsx";
import { useTranslation } from "react-i18next";

/** `/{lang}`: the landing page. */
export default function LandingPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHead page="" title={t("meta.pages.landing.title")} description={t("meta.pages.landing.description")} />
      <Hero />
      <div className="below-the-fold">
        <Suspense>
          <CarrierStrip />
          <FeatureGrid />
        </Suspense>
      </div>
      {/* Each part is a Suspense boundary: React hydrates it in a task of its own, after the page
          around it, or first when the visitor reaches into it (docs/decisions/0203-hydration-in-parts-by-react.md). */}
      <div>
        <Suspense>
          <LatestArticles />
        </Suspense>
      </div>
      <div>
        <Suspense>
          <DemoVideo />
        </Suspense>
      </div>
      <div>
        <Suspense>
          <Section
            id="precios"
            heading={t("landing.pricing.heading")}
            intro={t("landing.pricing.intro")}
            className="below-the-fold bg-slate-50"
          >
            <PricingPlans />
          </Section>
        </Suspense>
      </div>
      <div className="below-the-fold">
        <Suspense>
          <Section id="comparativa" heading={t("landing.comparison.heading")} intro={t("landing.comparison.intro")}>
            <CompetitorComparison />
          </Section>
          <Testimonials />
        </Suspense>
      </div>
      <CallToAction heading={t("landing.cta.heading")} text={t("landing.cta.text")} button={t("landing.cta.button")} />
    </>
  );
}
