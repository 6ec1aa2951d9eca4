import { useTranslation } from "react-i18next";
import { PageHead } from "../../seo/page-head.tsx";
import { openContactForm } from "../contact/open-contact-form.ts";
import { CompetitorComparison } from "../pricing/competitor-comparison.tsx";
import { PricingPlans } from "../pricing/pricing-plans.tsx";
import { CarrierStrip } from "./carrier-strip.tsx";
import { DemoVideo } from "./demo-video.tsx";
import { FeatureGrid } from "./feature-grid.tsx";
import { Hero } from "./hero.tsx";
import { LatestArticles } from "./latest-articles.tsx";
import { Section } from "./section.tsx";
import { Testimonials } from "./testimonials.tsx";

/** `/{lang}`: the landing page. */
export default function LandingPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHead page="" title={t("meta.pages.landing.title")} description={t("meta.pages.landing.description")} />
      <Hero />
      <CarrierStrip />
      <FeatureGrid />
      <LatestArticles />
      <DemoVideo />
      <Section id="precios" heading={t("landing.pricing.heading")} intro={t("landing.pricing.intro")} className="bg-slate-50">
        <PricingPlans />
      </Section>
      <Section id="comparativa" heading={t("landing.comparison.heading")} intro={t("landing.comparison.intro")}>
        <CompetitorComparison />
      </Section>
      <Testimonials />
      <section aria-labelledby="cta-heading" className="bg-brand-800 py-16 text-center text-white sm:py-20">
        <div className="mx-auto max-w-3xl px-4">
          <h2 id="cta-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
            {t("landing.cta.heading")}
          </h2>
          <p className="mt-4 text-lg text-brand-100">{t("landing.cta.text")}</p>
          <button
            type="button"
            onClick={() => openContactForm({ intent: "demo" })}
            className="mt-8 rounded-lg bg-white px-6 py-3 font-semibold text-brand-800 shadow-sm hover:bg-brand-50"
          >
            {t("landing.cta.button")}
          </button>
        </div>
      </section>
    </>
  );
}
