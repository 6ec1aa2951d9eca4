import { useEffect, type ReactNode } from "react";
import { preload } from "react-dom";
import { Links, Meta, Outlet, Scripts, isRouteErrorResponse, useLocation, useNavigate } from "react-router";
import { languageForPath, LanguageProvider, useLanguage } from "./i18n/language-context.tsx";
import { useTranslation } from "react-i18next";
import { localeUrl } from "./i18n/locale-files.ts";
import { takeVisitorAddress } from "./lib/rendered-address.ts";
import { BRAND_MARK } from "./ui/brand-mark.ts";
import type { PageLoadContext } from "@codcrm/core/article/blog-page-data";
import { site } from "./config/site.ts";
import type { RootData } from "./seo/site-url.ts";
import "./app.css";

/**
 * The document around every page: public pages, the admin area and the error page. The same
 * tree renders the server's HTML (react-dom/server, at build time and in the page functions)
 * and hydrates it in the browser (docs/decisions/0201-react-19-as-commissioned.md). Pages put
 * their title, meta tags and links anywhere; React hoists them into <head>.
 */
export function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const language = languageForPath(pathname);
  // The page's strings, which the app needs before it hydrates: at low priority. The build hands
  // this preload to the start script, which asks for it when the app starts, not while the page
  // loads (web/build-steps/finish-build.ts, docs/decisions/0185-no-app-requests-at-load.md).
  preload(localeUrl(language), { as: "fetch", crossOrigin: "anonymous", fetchPriority: "low" });
  const navigate = useNavigate();
  useEffect(() => {
    announceStart();
    // Hydrated at the address the page was rendered for: now to the visitor's (lib/rendered-address.ts).
    const address = takeVisitorAddress();
    if (address) void navigate(address, { replace: true });
  }, [navigate]);
  return (
    <html lang={language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1c40b4" />
        <link rel="icon" href={BRAND_MARK} type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <Scripts />
      </body>
    </html>
  );
}

/**
 * Says that the app has the page, once React has committed the document's first hydration (the
 * frame; its Suspense boundaries follow at a lower priority): the mark the browser tests wait for,
 * and the event the start script listens for, which clicks again a button a visitor clicked before
 * the app had it (web/start/start-app.js, docs/decisions/0177-app-starts-on-first-interaction.md).
 * Here, in the document's own component, not beside the router: an element more at the top would
 * change every `useId` of the page from the server's.
 */
function announceStart() {
  const started = window as { __appHydrated?: boolean };
  if (started.__appHydrated) return;
  started.__appHydrated = true;
  document.dispatchEvent(new Event("app-started"));
}

/**
 * What every page reads from the document: the origin of its absolute URLs, the page function's
 * SITE_URL when it renders the page, else the build's. Read once, with the document; a
 * navigation keeps it (docs/decisions/0201-react-19-as-commissioned.md).
 */
export function loader({ context }: { context: PageLoadContext }): RootData {
  return { siteUrl: context.siteUrl ?? site.siteUrl };
}

export function shouldRevalidate() {
  return false;
}

export default function App() {
  const { pathname } = useLocation();
  return (
    <LanguageProvider pathname={pathname}>
      <Outlet />
    </LanguageProvider>
  );
}

/** What the SPA fallback shows until the client has the page (admin, articles). */
export function HydrateFallback() {
  return <div className="min-h-screen" aria-busy="true" />;
}

function ErrorMessage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const { localize } = useLanguage();
  const status = isRouteErrorResponse(error) ? error.status : undefined;
  if (import.meta.env.DEV) console.error(error);
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-ink">{t("common.error.title")}</h1>
      <p className="mt-4 text-slate-700">{t("common.error.text")}</p>
      {status ? <p className="mt-2 text-sm text-slate-600">HTTP {status}</p> : null}
      <a className="mt-8 inline-block font-semibold text-brand-700 underline" href={localize("")}>
        {t("common.backHome")}
      </a>
    </main>
  );
}

export function ErrorBoundary({ error }: { error: unknown }) {
  const { pathname } = useLocation();
  return (
    <LanguageProvider pathname={pathname}>
      <ErrorMessage error={error} />
    </LanguageProvider>
  );
}
