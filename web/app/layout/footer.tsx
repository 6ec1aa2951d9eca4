import type { ReactNode } from "react";
import { Link } from "react-router";
import { site } from "../config/site.ts";
import { openContactForm } from "../lib/open-contact-form.ts";
import { useLanguage, useTranslation } from "../i18n/language-context.tsx";
import { Prerendered } from "../ui/prerendered.tsx";
import { Logo } from "./logo.tsx";

const SERVICE_LINKS = [
  { page: "/servicios", label: "footer.services.index" },
  { page: "/servicios/contrareembolso", label: "footer.services.cashOnDelivery" },
  { page: "/servicios/transportistas", label: "footer.services.carriers" },
  { page: "/servicios/perfiles", label: "footer.services.profiles" },
  { page: "/servicios/almacen", label: "footer.services.warehouse" },
] as const;

const COMPANY_LINKS = [
  { page: "/sobre-nosotros", label: "footer.company.about" },
  { page: "/precios", label: "footer.company.pricing" },
  { page: "/blog", label: "footer.company.blog" },
  { page: "/soporte/faq", label: "footer.company.faq" },
  { page: "/empresa/empleo", label: "footer.company.careers" },
  { page: "/empresa/socios", label: "footer.company.partners" },
] as const;

const LEGAL_LINKS = [
  { page: "/privacidad", label: "footer.legal.privacy" },
  { page: "/terminos", label: "footer.legal.terms" },
  { page: "/cookies", label: "footer.legal.cookies" },
] as const;

const linkClass = "text-slate-300 hover:text-white hover:underline";

function LinkColumn({
  heading,
  links,
  children,
}: {
  heading: string;
  links: readonly { page: string; label: string }[];
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { localize } = useLanguage();
  return (
    <div>
      <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{heading}</h2>
      <ul className="mt-4 space-y-3">
        {links.map((link) => (
          <li key={link.page}>
            <Link to={localize(link.page)} className={linkClass}>
              {t(link.label)}
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
    <footer className="footer-below-the-fold bg-ink text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <Logo className="text-white [&>svg>rect]:fill-brand-600" />
          <p className="mt-4 max-w-sm">{t("footer.tagline")}</p>
          {newsletter}
        </div>
        <Prerendered>
          <LinkColumn heading={t("footer.services.heading")} links={SERVICE_LINKS} />
        </Prerendered>
        <LinkColumn heading={t("footer.company.heading")} links={COMPANY_LINKS}>
          <li>
            <button type="button" className={linkClass} onClick={() => openContactForm()}>
              {t("footer.company.contact")}
            </button>
          </li>
        </LinkColumn>
        <Prerendered>
          <LinkColumn heading={t("footer.legal.heading")} links={LEGAL_LINKS} />
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
        </Prerendered>
      </div>
      <Prerendered className="border-t border-slate-700">
        <p className="mx-auto max-w-6xl px-4 py-6 text-sm text-slate-400 sm:px-6">
          {/* Never hydrated (Prerendered): the build's year until a page is rendered in the browser. */}
          <span>{t("footer.copyright", { year, product: site.productName })}</span>
        </p>
      </Prerendered>
    </footer>
  );
}
