import { Suspense } from "react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { site } from "../config/site.ts";
import { contactFormButton } from "../lib/open-contact-form.ts";
import { useLanguage } from "../i18n/language-context.tsx";
import { useTranslation } from "react-i18next";
import { Logo } from "./logo.tsx";

/** Each column's links: the label's key under `footer.{column}`, and the page it opens. */
const LINKS = {
  services: {
    index: "/servicios",
    cashOnDelivery: "/servicios/contrareembolso",
    carriers: "/servicios/transportistas",
    profiles: "/servicios/perfiles",
    warehouse: "/servicios/almacen",
  },
  company: {
    about: "/sobre-nosotros",
    pricing: "/precios",
    blog: "/blog",
    faq: "/soporte/faq",
    careers: "/empresa/empleo",
    partners: "/empresa/socios",
  },
  legal: { privacy: "/privacidad", terms: "/terminos", cookies: "/cookies" },
};

const linkClass = "text-slate-300 hover:text-white hover:underline";

function LinkColumn({ column, children }: { column: keyof typeof LINKS; children?: ReactNode }) {
  const { t } = useTranslation();
  const { localize } = useLanguage();
  return (
    <div>
      <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{t(`footer.${column}.heading`)}</h2>
      <ul className="mt-4 space-y-3">
        {Object.entries(LINKS[column]).map(([label, page]) => (
          <li key={page}>
            <Link to={localize(page)} className={linkClass}>
              {t(`footer.${column}.${label}`)}
            </Link>
          </li>
        ))}
        {children}
      </ul>
    </div>
  );
}

export interface FooterProps {
  /** The newsletter sign-up, under the tagline: a feature's form, handed in by the site layout. */
  newsletter?: ReactNode;
}

export function Footer({ newsletter }: FooterProps) {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    // Deferred until it comes near; its parts carry its dark colour as well as the footer, so a
    // colour check that reads them before it is rendered finds it behind their text
    // (docs/decisions/0215-the-footers-text-on-its-own-dark-boxes.md).
    <footer className="footer-below-the-fold bg-ink text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-10 bg-ink px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <Logo className="text-white [&>svg>rect]:fill-brand-600" />
          <p className="mt-4 max-w-sm">{t("footer.tagline")}</p>
          {newsletter}
        </div>
        <div>
          <Suspense>
            <LinkColumn column="services" />
          </Suspense>
        </div>
        <LinkColumn column="company">
          <li>
            <button {...contactFormButton()} className={linkClass}>
              {t("footer.company.contact")}
            </button>
          </li>
        </LinkColumn>
        <div>
          <Suspense>
            <LinkColumn column="legal" />
            <h2 className="mt-8 text-sm font-semibold tracking-wide text-white uppercase">
              {t("footer.social.heading")}
            </h2>
            <ul className="mt-4 flex flex-wrap gap-x-4 gap-y-2">
              {site.social.map((network) => (
                <li key={network.name}>
                  <a href={network.url} className={linkClass} rel="noopener noreferrer" target="_blank">
                    {network.name}
                    <span className="sr-only"> ({t("common.opensInNewTab")})</span>
                  </a>
                </li>
              ))}
            </ul>
          </Suspense>
        </div>
      </div>
      <div className="border-t border-slate-700 bg-ink">
        <Suspense>
          <p className="mx-auto max-w-6xl px-4 py-6 text-sm text-slate-400 sm:px-6">
            {/* The year the page was rendered (at build time, or by a page function): hydration keeps it. */}
            <span suppressHydrationWarning>{t("footer.copyright", { year, product: site.productName })}</span>
          </p>
        </Suspense>
      </div>
    </footer>
  );
}
