import { useEffect, useSyncExternalStore, type ReactNode } from "react";
import { Links, Meta, Outlet, Scripts, isRouteErrorResponse, useLocation } from "react-router";
import { languageForPath, LanguageProvider, useLanguage, useTranslation } from "./i18n/language-context.tsx";
import { ServerPageSlot } from "./features/blog/server-page-slot.tsx";
import { hasServerContent, holdServerContent, onServerContentRemoved } from "./features/blog/server-page.ts";
import { CopyOnScreen } from "./ui/hydrate-later.tsx";
import { BRAND_MARK } from "./ui/brand-mark.ts";
import { useWritingHtml } from "./seo/document-head.tsx";
import "./app.css";

/**
 * The document around every page: public pages, the admin area and the SPA fallback.
 *
 * The <head> and the scripts belong to the HTML: the build writes them (with each page's own
 * head tags, seo/document-head.tsx), and in the browser they are left as they came, so
 * hydration never compares or moves them (docs/decisions/0140-preact-on-every-page.md).
 */
export function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const lang = languageForPath(pathname);
  // Hydration keeps the attribute the HTML came with: set it whenever the page's language is known.
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  const writingHtml = useWritingHtml();
  // While the server's copy of a blog page is on screen, the parts of the app's page are built
  // one task each, out of sight, and the copy stays until the last is in (ui/hydrate-later.tsx).
  const copyOnScreen = useSyncExternalStore(onServerContentRemoved, hasServerContent, hasServerContent);
  // In the browser the app renders into <html> (Preact hydrates the document's element), so it
  // renders what <html> holds; the build renders the whole document.
  if (!writingHtml)
    return (
      <>
        <head dangerouslySetInnerHTML={KEEP} />
        <body>
          <ServerPageSlot />
          <CopyOnScreen.Provider value={copyOnScreen ? holdServerContent : null}>{children}</CopyOnScreen.Provider>
        </body>
      </>
    );
  return (
    <html lang={lang}>
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

/** An element whose content is innerHTML is one hydration does not descend into. */
const KEEP = { __html: "" };

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
