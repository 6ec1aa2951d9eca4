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
import { Prerendered } from "../../ui/prerendered.tsx";
import { HydrateLater } from "../../ui/hydrate-later.tsx";
import { useTranslation } from "../../i18n/language-context.tsx";

/** `/{lang}`: the landing page. */
export default function LandingPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHead page="" title={t("meta.pages.landing.title")} description={t("meta.pages.landing.description")} />
      <Hero />
      <Prerendered className="below-the-fold">
        <CarrierStrip />
        <FeatureGrid />
      </Prerendered>
      {/* Below the first screen: each part hydrates on its own, as it comes near (ui/hydrate-later.tsx). */}
      <HydrateLater>
        <LatestArticles />
      </HydrateLater>
      <HydrateLater>
        <DemoVideo />
      </HydrateLater>
      <HydrateLater>
        <Section
          id="precios"
          heading={t("landing.pricing.heading")}
          intro={t("landing.pricing.intro")}
          className="below-the-fold bg-slate-50"
        >
          <PricingPlans />
        </Section>
      </HydrateLater>
      <Prerendered className="below-the-fold">
        <Section id="comparativa" heading={t("landing.comparison.heading")} intro={t("landing.comparison.intro")}>
          <CompetitorComparison />
        </Section>
        <Testimonials />
      </Prerendered>
      <CallToAction heading={t("landing.cta.heading")} text={t("landing.cta.text")} button={t("landing.cta.button")} />
    </>
  );
}
