import { useEffect, type ReactNode } from "react";
import { Links, Meta, Outlet, Scripts, isRouteErrorResponse, useLocation } from "react-router";
import { languageForPath, LanguageProvider, useLanguage, useTranslation } from "./i18n/language-context.tsx";
import "./app.css";

/** The document around every page: public pages, the admin area and the SPA fallback. */
export function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const lang = languageForPath(pathname);
  // Hydration keeps the attribute the HTML came with, and a later render that computes the
  // same value changes nothing: set it whenever the page's language is known.
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  return (
    // The SPA fallback is rendered once (in Spanish) for every language: its `lang` is
    // corrected on the client, which React must not report as a mismatch.
    <html lang={lang} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1c40b4" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
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
