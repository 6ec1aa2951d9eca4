import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { DEFAULT_LANGUAGE } from "@codcrm/core/site/languages";
import { resolvePath } from "@codcrm/core/site/url-map";
import { site } from "../../config/site.ts";
import { storedLanguage } from "../../i18n/language-preference.ts";
import { useTranslation } from "react-i18next";
import { DocumentHead } from "../../seo/document-head.tsx";

/** Sends the visitor to the CRM application's sign-in page (its /auth and /dashboard paths). */
export function LeaveForCrm() {
  const { t } = useTranslation();
  useEffect(() => {
    window.location.replace(site.crmSignInUrl);
  }, []);
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <a className="font-semibold text-brand-700 underline" href={site.crmSignInUrl}>
        {t("common.goToSignIn")}
      </a>
    </main>
  );
}

/**
 * A path without a language prefix (`/`, `/blog`, `/legal/rgpd`) reached inside the app: moves,
 * replacing the history entry, to the same page under the language the visitor chose before,
 * else Spanish. A full load of such a path never gets here: the server redirects it
 * (docs/decisions/0020-aliases-are-http-redirects.md). Without JavaScript, a link leads to the
 * Spanish page.
 */
export function PathRedirect() {
  const { t } = useTranslation();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const resolution = resolvePath(pathname, storedLanguage() ?? DEFAULT_LANGUAGE);
  const fallback = resolvePath(pathname, DEFAULT_LANGUAGE);

  const target = resolution.kind === "redirect" ? `${resolution.to}${search}${hash}` : undefined;

  useEffect(() => {
    if (target) void navigate(target, { replace: true });
  }, [target, navigate]);

  if (resolution.kind === "crm-sign-in") return <LeaveForCrm />;
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <DocumentHead title={site.productName} robots="noindex" />
      <a
        className="font-semibold text-brand-700 underline"
        href={fallback.kind === "redirect" ? fallback.to : `/${DEFAULT_LANGUAGE}`}
      >
        {t("common.continueToSite", { product: site.productName })}
      </a>
    </main>
  );
}

export default PathRedirect;
