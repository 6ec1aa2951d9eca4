import { Suspense } from "react";
import { stringList } from "../../i18n/string-list.ts";
import { site } from "../../config/site.ts";
import { FREE_TRIAL_DAYS } from "../../lib/plans.ts";
import { openContactForm } from "../../lib/open-contact-form.ts";
import { useTranslation } from "react-i18next";

interface Claim {
  value: string;
  label: string;
}

/** A drawn preview of the CRM (HTML, no image): the first screen paints with text alone. */
function ProductPreview() {
  const { t } = useTranslation();
  const rows = stringList<{ order: string; status: string }>(t, "landing.hero.preview.rows");
  const tones = ["bg-amber-100 text-amber-900", "bg-sky-100 text-sky-900", "bg-emerald-100 text-emerald-900"];
  return (
    <div
      aria-hidden="true"
      className="relative mx-auto w-full max-w-md rounded-2xl border border-slate-200 bg-white p-5 shadow-xl"
    >
      <div className="flex items-center justify-between">
        <p className="font-semibold text-ink">{t("landing.hero.preview.title")}</p>
        <p className="rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-800">
          {t("landing.hero.preview.live")}
        </p>
      </div>
      <ul className="mt-4 divide-y divide-slate-100">
        {rows.map((row, i) => (
          <li key={row.order} className="flex items-center justify-between py-3 text-sm">
            <span className="text-slate-700 tabular-nums">{row.order}</span>
            <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[i % tones.length]}`}>
              {row.status}
            </span>
          </li>
        ))}
      </ul>
      <div className="mt-4 grid grid-cols-2 gap-3">
        <div className="rounded-xl bg-slate-50 p-3">
          <p className="text-xs text-slate-600">{t("landing.hero.preview.confirmedLabel")}</p>
          <p className="text-xl font-bold text-ink">{t("landing.hero.preview.confirmedValue")}</p>
        </div>
        <div className="rounded-xl bg-slate-50 p-3">
          <p className="text-xs text-slate-600">{t("landing.hero.preview.collectedLabel")}</p>
          <p className="text-xl font-bold text-ink">{t("landing.hero.preview.collectedValue")}</p>
        </div>
      </div>
    </div>
  );
}

export function Hero() {
  const { t } = useTranslation();
  const claims = stringList<Claim>(t, "landing.hero.claims");
  const trust = stringList<Claim>(t, "landing.hero.trust");
  return (
    <section
      aria-labelledby="hero-heading"
      className="relative overflow-hidden bg-gradient-to-b from-brand-50 to-white"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-14 pb-16 sm:px-6 lg:grid-cols-2 lg:pt-20">
        <div>
          <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase">{t("landing.hero.eyebrow")}</p>
          <h1
            id="hero-heading"
            className="mt-4 text-4xl font-extrabold tracking-tight text-balance text-ink sm:text-5xl"
          >
            {t("landing.hero.title")}
          </h1>
          <p className="mt-6 text-lg text-slate-700">{t("landing.hero.subtitle")}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <button
              type="button"
              onClick={() => openContactForm({ intent: "demo" })}
              className="rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-800"
            >
              {t("landing.hero.requestDemo")}
            </button>
            <a
              href={site.crmSignInUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="rounded-lg border border-slate-300 bg-white px-5 py-3 font-semibold text-ink hover:bg-slate-50"
            >
              {t("landing.hero.signIn")}
              <span className="sr-only"> ({t("common.opensInNewTab")})</span>
            </a>
          </div>
          <p className="mt-4 text-sm text-slate-600">
            {t("landing.hero.trial", { count: FREE_TRIAL_DAYS, days: FREE_TRIAL_DAYS })}
          </p>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm font-medium text-slate-700">
            {trust.map((item) => (
              <li key={item.label}>
                <span className="font-bold text-ink">{item.value}</span> {item.label}
              </li>
            ))}
          </ul>
        </div>
        <div>
          <Suspense>
            <ProductPreview />
          </Suspense>
        </div>
      </div>
      <div className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
        <Suspense>
          <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
            {claims.map((claim) => (
              <li key={claim.label} className="rounded-2xl border border-slate-200 bg-white p-5 text-center shadow-sm">
                <p className="text-3xl font-extrabold text-brand-700">{claim.value}</p>
                <p className="mt-1 text-sm text-slate-700">{claim.label}</p>
              </li>
            ))}
          </ul>
        </Suspense>
      </div>
    </section>
  );
}
