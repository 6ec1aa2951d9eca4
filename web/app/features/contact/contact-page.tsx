import type { ReactNode } from "react";
import { site } from "../../config/site.ts";
import { PageHead } from "../../seo/page-head.tsx";
import { ContactForm } from "./contact-form.tsx";
import { useTranslation } from "react-i18next";

function Info({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="font-semibold text-ink">{label}</dt>
      <dd className="mt-1 text-slate-700">{children}</dd>
    </div>
  );
}

/** /contacto: the trial-request form beside the other ways to reach the team. */
export default function ContactPage() {
  const { t } = useTranslation();
  return (
    <article className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
      <PageHead page="/contacto" title={t("contactPage.meta.title")} description={t("contactPage.meta.description")} />
      <h1 className="text-4xl font-bold tracking-tight text-ink sm:text-5xl">{t("contactPage.h1")}</h1>
      <p className="mt-6 max-w-3xl text-lg text-slate-700">{t("contactPage.intro")}</p>
      <div className="mt-12 grid gap-12 lg:grid-cols-5">
        <section
          aria-labelledby="contact-form-heading"
          className="rounded-2xl border border-slate-200 p-6 shadow-sm sm:p-8 lg:col-span-3"
        >
          <h2 id="contact-form-heading" className="mb-6 text-2xl font-bold text-ink">
            {t("contact.pageFormHeading")}
          </h2>
          <ContactForm intent="trial" />
        </section>
        <section aria-labelledby="contact-info-heading" className="lg:col-span-2">
          <h2 id="contact-info-heading" className="text-2xl font-bold text-ink">
            {t("contactPage.info.heading")}
          </h2>
          <dl className="mt-6 space-y-6">
            <Info label={t("contactPage.info.email.label")}>
              <a href={`mailto:${site.contactEmail}`} className="text-brand-700 underline hover:text-brand-800">
                {t("contactPage.info.email.text", { email: site.contactEmail })}
              </a>
            </Info>
            <Info label={t("contactPage.info.responseTime.label")}>{t("contactPage.info.responseTime.text")}</Info>
            <Info label={t("contactPage.info.office.label")}>{t("contactPage.info.office.text")}</Info>
            <Info label={t("contactPage.info.support.label")}>{t("contactPage.info.support.text")}</Info>
          </dl>
        </section>
      </div>
    </article>
  );
}
