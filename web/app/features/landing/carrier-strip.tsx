import { useTranslation } from "react-i18next";

/** Carriers as text marks, no copied logos (docs/decisions/0013-carriers-as-text-marks.md). */
export const CARRIERS = ["MRW", "GLS", "Correos Express", "NACEX", "TIPSA", "SEUR", "DHL", "Correos"] as const;

export function CarrierStrip() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="carriers-heading" className="border-y border-slate-200 bg-white py-10">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2
          id="carriers-heading"
          className="text-center text-sm font-semibold tracking-widest text-slate-600 uppercase"
        >
          {t("landing.carriers.heading")}
        </h2>
        <ul className="mt-6 flex flex-wrap items-center justify-center gap-x-10 gap-y-4">
          {CARRIERS.map((carrier) => (
            <li key={carrier} className="text-xl font-extrabold tracking-tight text-slate-700">
              {carrier}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
