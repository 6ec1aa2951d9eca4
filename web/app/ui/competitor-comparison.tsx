import { useId } from "react";
import { site } from "../config/site.ts";
import { useLanguage, useTranslation } from "../i18n/language-context.tsx";
import { formatEuros, formatNumber } from "../i18n/format.ts";
import { COMPETITOR_EUR_PER_SHIPMENT, PLANS, comparison } from "../lib/plans.ts";

/** What the same volume costs with a per-shipment competitor and with the plan that covers it. */
export function CompetitorComparison() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const captionId = useId();
  const perShipment = formatEuros(language, COMPETITOR_EUR_PER_SHIPMENT, 2);
  return (
    // Scrolls sideways on narrow screens: focusable and named, so keyboards can scroll it too.
    <div
      tabIndex={0}
      role="region"
      aria-labelledby={captionId}
      className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <table className="w-full min-w-[32rem] text-left">
        <caption id={captionId} className="px-6 pt-5 pb-2 text-left text-sm text-slate-700">
          {t("landing.comparison.caption", { price: perShipment })}
        </caption>
        <thead className="border-b border-slate-200 text-sm text-slate-700">
          <tr>
            <th scope="col" className="px-6 py-3 font-semibold">
              {t("landing.comparison.columns.shipments")}
            </th>
            <th scope="col" className="px-6 py-3 font-semibold">
              {t("landing.comparison.columns.competitor")}
            </th>
            <th scope="col" className="px-6 py-3 font-semibold">
              {t("landing.comparison.columns.ours", { product: site.productName })}
            </th>
            <th scope="col" className="px-6 py-3 font-semibold">
              {t("landing.comparison.columns.saving")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {comparison(PLANS[language]).map((row) => (
            <tr key={row.shipments}>
              <th scope="row" className="px-6 py-4 font-semibold text-ink">
                {t("landing.comparison.perMonth", { shipments: formatNumber(language, row.shipments) })}
              </th>
              <td className="px-6 py-4 text-slate-700">{formatEuros(language, row.competitorMonthly)}</td>
              <td className="px-6 py-4 text-slate-700">
                {row.plan.monthlyPrice === null
                  ? t("landing.pricing.onRequest")
                  : formatEuros(language, row.plan.monthlyPrice)}{" "}
                <span className="text-sm text-slate-600">({t(`landing.pricing.plans.${row.plan.id}`)})</span>
              </td>
              <td className="px-6 py-4 font-semibold text-emerald-800">
                {row.saving === null ? "—" : formatEuros(language, row.saving)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
