import { useId } from "react";
import { site } from "../config/site.ts";
import { useLanguage } from "../i18n/language-context.tsx";
import { useTranslation } from "react-i18next";
import { formatEuros, formatNumber } from "../i18n/format.ts";
import { COMPETITOR_EUR_PER_SHIPMENT, PLANS, comparison } from "../lib/plans.ts";

/**
 * What the same volume costs with a per-shipment competitor and with the plan that covers it.
 * A table from `sm` up; on a phone, where four columns do not fit, one card per volume with
 * the same labels (only one of the two is displayed, so assistive technology reads one).
 */
export function CompetitorComparison() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const captionId = useId();
  const caption = t("landing.comparison.caption", { price: formatEuros(language, COMPETITOR_EUR_PER_SHIPMENT, 2) });
  const labels = [
    t("landing.comparison.columns.competitor"),
    t("landing.comparison.columns.ours", { product: site.productName }),
    t("landing.comparison.columns.saving"),
  ];
  const rows = comparison(PLANS[language]).map((row) => ({
    shipments: row.shipments,
    volume: t("landing.comparison.perMonth", { shipments: formatNumber(language, row.shipments) }),
    competitor: formatEuros(language, row.competitorMonthly),
    ours: (
      <>
        {row.plan.monthlyPrice === null ? t("landing.pricing.onRequest") : formatEuros(language, row.plan.monthlyPrice)}{" "}
        <span className="text-sm text-slate-600">({t(`landing.pricing.plans.${row.plan.id}`)})</span>
      </>
    ),
    saving: row.saving === null ? "—" : formatEuros(language, row.saving),
  }));
  return (
    <>
      <div className="rounded-2xl border border-slate-200 bg-white px-5 py-4 shadow-sm sm:hidden">
        <p className="text-sm text-slate-700">{caption}</p>
        <ul className="divide-y divide-slate-100">
          {rows.map((row) => (
            <li key={row.shipments} className="py-4">
              <p className="font-semibold text-ink">{row.volume}</p>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-700">
                <dt className="text-sm">{labels[0]}</dt>
                <dd className="text-right">{row.competitor}</dd>
                <dt className="text-sm">{labels[1]}</dt>
                <dd className="text-right">{row.ours}</dd>
                <dt className="text-sm">{labels[2]}</dt>
                <dd className="text-right font-semibold text-emerald-800">{row.saving}</dd>
              </dl>
            </li>
          ))}
        </ul>
      </div>
      {/* Scrolls sideways if ever narrower than the table: focusable and named, so keyboards can scroll it too. */}
      <div
        tabIndex={0}
        role="region"
        aria-labelledby={captionId}
        className="hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm sm:block"
      >
        <table className="w-full min-w-[32rem] text-left">
          <caption id={captionId} className="px-6 pt-5 pb-2 text-left text-sm text-slate-700">
            {caption}
          </caption>
          <thead className="border-b border-slate-200 text-sm text-slate-700">
            <tr>
              <th scope="col" className="px-6 py-3 font-semibold">
                {t("landing.comparison.columns.shipments")}
              </th>
              {labels.map((label) => (
                <th key={label} scope="col" className="px-6 py-3 font-semibold">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={row.shipments}>
                <th scope="row" className="px-6 py-4 font-semibold text-ink">
                  {row.volume}
                </th>
                <td className="px-6 py-4 text-slate-700">{row.competitor}</td>
                <td className="px-6 py-4 text-slate-700">{row.ours}</td>
                <td className="px-6 py-4 font-semibold text-emerald-800">{row.saving}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
