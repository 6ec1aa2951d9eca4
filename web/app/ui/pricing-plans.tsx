import { useLanguage } from "../i18n/language-context.tsx";
import { useTranslation } from "react-i18next";
import { formatEuros, formatNumber } from "../i18n/format.ts";
import { openContactForm } from "../lib/open-contact-form.ts";
import { FREE_TRIAL_DAYS, PLANS, type Plan } from "../lib/plans.ts";
import { CheckMark } from "./icons.tsx";

function PlanCard({ plan, headingLevel }: { plan: Plan; headingLevel: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const { t } = useTranslation();
  const { language } = useLanguage();
  const name = t(`landing.pricing.plans.${plan.id}`);
  return (
    <li
      className={`relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm ${
        plan.popular ? "border-brand-600 ring-2 ring-brand-600" : "border-slate-200"
      }`}
    >
      {plan.popular ? (
        <p className="absolute -top-3 left-6 rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold text-white">
          {t("landing.pricing.popular")}
        </p>
      ) : null}
      <Heading className="text-lg font-semibold text-ink">{name}</Heading>
      <p className="mt-4 flex items-baseline gap-1">
        {plan.monthlyPrice === null ? (
          <span className="text-2xl font-bold text-ink">{t("landing.pricing.onRequest")}</span>
        ) : (
          <>
            <span className="text-4xl font-bold tracking-tight text-ink">
              {formatEuros(language, plan.monthlyPrice)}
            </span>
            <span className="text-slate-600">{t("landing.pricing.perMonth")}</span>
          </>
        )}
      </p>
      <p className="mt-2 text-sm font-medium text-slate-700">
        {plan.shipmentLimit === null
          ? t("landing.pricing.unlimited")
          : t("landing.pricing.upTo", { shipments: formatNumber(language, plan.shipmentLimit) })}
      </p>
      <ul className="mt-6 flex-1 space-y-3 text-sm text-slate-700">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <CheckMark className="mt-0.5" />
            {t(`landing.pricing.features.${feature}`)}
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={() =>
          openContactForm(
            plan.cta === "contact" ? { intent: "contact", plan: plan.id } : { intent: "trial", plan: plan.id },
          )
        }
        className={`mt-8 rounded-lg px-4 py-2.5 font-semibold ${
          plan.popular
            ? "bg-brand-700 text-white hover:bg-brand-800"
            : "border border-brand-700 text-brand-800 hover:bg-brand-50"
        }`}
      >
        {t(plan.cta === "contact" ? "landing.pricing.cta.contact" : "landing.pricing.cta.start")}
        <span className="sr-only"> — {name}</span>
      </button>
    </li>
  );
}

/**
 * The plans of the visitor's language as cards, with the free-trial line. Plan names are
 * headings one level below the surrounding section's (h3 in a landing section, h2 on /precios).
 */
export function PricingPlans({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  return (
    <div>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {PLANS[language].map((plan) => (
          <PlanCard key={plan.id} plan={plan} headingLevel={headingLevel} />
        ))}
      </ul>
      <p className="mt-8 text-center text-slate-700">
        {t("landing.pricing.trial", { count: FREE_TRIAL_DAYS, days: FREE_TRIAL_DAYS })}
      </p>
    </div>
  );
}
