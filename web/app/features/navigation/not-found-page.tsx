import { Link, Navigate, useLocation } from "react-router";
import { stripLanguage } from "@codcrm/core/site/languages";
import { resolvePath } from "@codcrm/core/site/url-map";
import { useLanguage } from "../../i18n/language-context.tsx";
import { useTranslation } from "react-i18next";
import { PageHead } from "../../seo/page-head.tsx";
import { LeaveForCrm } from "./path-redirect.tsx";
import { contactFormButton } from "../../lib/open-contact-form.ts";

/**
 * Every prefixed path no page claims. Aliases (`/es/legal/rgpd`) and CRM paths
 * (`/es/auth/login`) are resolved first; what is left is a real "page not found" page,
 * prerendered per language as `/{lang}/404.html` (the server answers it with status 404).
 */
export default function NotFoundRoute() {
  const { pathname, search, hash } = useLocation();
  const resolution = resolvePath(pathname);
  if (resolution.kind === "redirect") return <Navigate to={`${resolution.to}${search}${hash}`} replace />;
  if (resolution.kind === "crm-sign-in") return <LeaveForCrm />;
  return <NotFoundPage />;
}

export function NotFoundPage() {
  const { t } = useTranslation();
  const { localize } = useLanguage();
  const { pathname } = useLocation();
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <PageHead
        page={stripLanguage(pathname)}
        title={t("meta.pages.notFound.title")}
        description={t("meta.pages.notFound.description")}
        noindex
      />
      <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase">404</p>
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-ink sm:text-4xl">{t("notFound.heading")}</h1>
      <p className="mt-4 text-lg text-slate-700">{t("notFound.text")}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link
          to={localize("")}
          className="rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
        >
          {t("notFound.home")}
        </Link>
        <Link
          to={localize("/blog")}
          className="rounded-lg border border-slate-300 px-5 py-3 font-semibold text-ink hover:bg-slate-50"
        >
          {t("notFound.blog")}
        </Link>
        <button
          {...contactFormButton()}
          className="rounded-lg border border-slate-300 px-5 py-3 font-semibold text-ink hover:bg-slate-50"
        >
          {t("notFound.contact")}
        </button>
      </div>
    </section>
  );
}
